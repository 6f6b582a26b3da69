package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.PeekMessages;
import io.hexmq.application.pop.PopMessages;
import io.hexmq.remoting.header.PopExtraInfo;
import io.hexmq.remoting.header.PopMessageResponseHeader;
import io.hexmq.remoting.header.PopQueueHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * PEEK_MESSAGE (200052), header {@link PopQueueHeader}: SUCCESS with the records as a POP's body, or
 * PULL_NOT_FOUND; both with {@link PopMessageResponseHeader} (its rest count; nothing was popped).
 */
public final class PeekMessageHandler implements RequestHandler {

    private final PeekMessages peekMessages;

    public PeekMessageHandler(PeekMessages peekMessages) {
        this.peekMessages = Objects.requireNonNull(peekMessages, "peekMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        PopMessages.Result result = peekMessages.peek(new PeekMessages.Command(
                header.stringOf(PopQueueHeader.CONSUMER_GROUP),
                header.stringOf(PopQueueHeader.TOPIC),
                header.intOf(PopQueueHeader.QUEUE_ID),
                header.intOf(PopQueueHeader.MAX_MSG_NUMS)));
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, PopMessageHandler.code(result.status()))
                .remark(result.remark())
                .extField(PopMessageResponseHeader.POP_TIME, result.popTime())
                .extField(PopMessageResponseHeader.INVISIBLE_TIME, 0L)
                .extField(PopMessageResponseHeader.REVIVE_QID, PopExtraInfo.REVIVE_QUEUE)
                .extField(PopMessageResponseHeader.REST_NUM, result.restNum());
        if (result.status() == PopMessages.Status.FOUND) {
            response.bodyViews(result.messages());
        }
        return Replies.answer(response);
    }
}
