package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.GetMinOffset;
import io.hexmq.remoting.header.OffsetResponseHeader;
import io.hexmq.remoting.header.QueueOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
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
        long value = useCase.minOffset(new GetMinOffset.Query(header.stringOf(QueueOffsetHeader.TOPIC),
                header.intOf(QueueOffsetHeader.QUEUE_ID)));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(OffsetResponseHeader.OFFSET, value)
                .build());
    }
}
