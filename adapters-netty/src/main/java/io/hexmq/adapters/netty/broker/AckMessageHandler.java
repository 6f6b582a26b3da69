package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.AckMessage;
import io.hexmq.remoting.header.AckMessageHeader;
import io.hexmq.remoting.header.PopExtraInfo;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * ACK_MESSAGE (200051), header {@link AckMessageHeader}: the delivery's pop time and whether it was
 * orderly come from its {@code extraInfo}. Answers SUCCESS, also for an ack that comes too late to
 * matter, as RocketMQ answers it.
 */
public final class AckMessageHandler implements RequestHandler {

    private final AckMessage ackMessage;

    public AckMessageHandler(AckMessage ackMessage) {
        this.ackMessage = Objects.requireNonNull(ackMessage, "ackMessage");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        PopExtraInfo.Parsed extra = PopExtraInfo.parse(header.stringOf(AckMessageHeader.EXTRA_INFO));
        AckMessage.Result result = ackMessage.ack(new AckMessage.Command(
                header.stringOf(AckMessageHeader.CONSUMER_GROUP),
                header.stringOf(AckMessageHeader.TOPIC),
                header.intOf(AckMessageHeader.QUEUE_ID),
                header.longOf(AckMessageHeader.OFFSET),
                extra.popTime(),
                extra.isOrderly()));
        return Replies.answer(RemotingCommand.responseTo(request, code(result.status())).remark(result.remark()));
    }

    static int code(AckMessage.Status status) {
        return switch (status) {
            case OK -> ResponseCode.SUCCESS;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case MESSAGE_ILLEGAL -> ResponseCode.MESSAGE_ILLEGAL;
            case NO_MESSAGE -> ResponseCode.NO_MESSAGE;
        };
    }
}
