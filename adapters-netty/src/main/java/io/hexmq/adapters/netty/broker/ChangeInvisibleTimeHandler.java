package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.ChangeInvisibleTime;
import io.hexmq.remoting.header.AckMessageHeader;
import io.hexmq.remoting.header.ChangeInvisibleTimeResponseHeader;
import io.hexmq.remoting.header.PopExtraInfo;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053), header {@link AckMessageHeader} with its invisible time. Every
 * answer carries {@link ChangeInvisibleTimeResponseHeader} (the client decodes it whatever the code), the
 * revive queue as the delivery's extra info named it.
 */
public final class ChangeInvisibleTimeHandler implements RequestHandler {

    private final ChangeInvisibleTime changeInvisibleTime;

    public ChangeInvisibleTimeHandler(ChangeInvisibleTime changeInvisibleTime) {
        this.changeInvisibleTime = Objects.requireNonNull(changeInvisibleTime, "changeInvisibleTime");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        PopExtraInfo.Parsed extra = PopExtraInfo.parse(header.stringOf(AckMessageHeader.EXTRA_INFO));
        ChangeInvisibleTime.Result result = changeInvisibleTime.change(new ChangeInvisibleTime.Command(
                header.stringOf(AckMessageHeader.CONSUMER_GROUP),
                header.stringOf(AckMessageHeader.TOPIC),
                header.intOf(AckMessageHeader.QUEUE_ID),
                header.longOf(AckMessageHeader.OFFSET),
                extra.popTime(),
                extra.isOrderly(),
                header.longOf(AckMessageHeader.INVISIBLE_TIME)));
        return Replies.answer(RemotingCommand.responseTo(request, code(result.status()))
                .remark(result.remark())
                .extField(ChangeInvisibleTimeResponseHeader.POP_TIME, result.popTime())
                .extField(ChangeInvisibleTimeResponseHeader.INVISIBLE_TIME, result.invisibleTime())
                .extField(ChangeInvisibleTimeResponseHeader.REVIVE_QID, extra.reviveQid()));
    }

    static int code(ChangeInvisibleTime.Status status) {
        return switch (status) {
            case OK -> ResponseCode.SUCCESS;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case MESSAGE_ILLEGAL -> ResponseCode.MESSAGE_ILLEGAL;
            case NO_MESSAGE -> ResponseCode.NO_MESSAGE;
        };
    }
}
