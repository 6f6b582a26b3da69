package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.application.message.GetMinOffset;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_MIN_OFFSET (31): header topic, queueId; answers {@code offset}, the queue's first readable
 * offset.
 */
public final class GetMinOffsetHandler implements RequestHandler {

    private final GetMinOffset useCase;

    public GetMinOffsetHandler(GetMinOffset useCase) {
        this.useCase = Objects.requireNonNull(useCase, "useCase");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        long value = useCase.minOffset(new GetMinOffset.Query(header.requiredString("topic"),
                header.requiredInt("queueId")));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField("offset", value)
                .build());
    }
}
