package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.application.message.GetMaxOffset;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_MAX_OFFSET (30): header topic, queueId (5.x adds committed, ignored); answers {@code offset},
 * the queue's next offset to be written.
 */
public final class GetMaxOffsetHandler implements RequestHandler {

    private final GetMaxOffset useCase;

    public GetMaxOffsetHandler(GetMaxOffset useCase) {
        this.useCase = Objects.requireNonNull(useCase, "useCase");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        long value = useCase.maxOffset(new GetMaxOffset.Query(header.requiredString("topic"),
                header.requiredInt("queueId")));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField("offset", value)
                .build());
    }
}
