package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.AwaitMessages;
import io.hexmq.application.pop.PopMessages;
import io.hexmq.remoting.header.NotificationHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * NOTIFICATION (200054), header {@link NotificationHeader}: SUCCESS with {@code hasMsg} once the group has a
 * message to pop or the poll time ended; a waiting request's future completes later, from the pull executor.
 */
public final class NotificationHandler implements RequestHandler {

    private final AwaitMessages awaitMessages;

    public NotificationHandler(AwaitMessages awaitMessages) {
        this.awaitMessages = Objects.requireNonNull(awaitMessages, "awaitMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        return awaitMessages.await(new AwaitMessages.Command(
                        header.stringOf(NotificationHeader.CONSUMER_GROUP),
                        header.stringOf(NotificationHeader.TOPIC),
                        header.intOf(NotificationHeader.QUEUE_ID),
                        header.longOf(NotificationHeader.POLL_TIME),
                        header.booleanOf(NotificationHeader.ORDER),
                        header.stringOf(NotificationHeader.ATTEMPT_ID)))
                .thenApply(result -> {
                    RemotingCommand.Builder response = RemotingCommand.responseTo(request,
                            PopMessageHandler.code(result.status())).remark(result.remark());
                    if (result.status() == PopMessages.Status.FOUND) {
                        response.extField(NotificationHeader.HAS_MSG, result.hasMessages())
                                .extField(NotificationHeader.POLLING_FULL, result.pollingFull());
                    }
                    return response.build();
                });
    }
}
