package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.GetMaxOffset;
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
        long value = useCase.maxOffset(new GetMaxOffset.Query(header.stringOf(QueueOffsetHeader.TOPIC),
                header.intOf(QueueOffsetHeader.QUEUE_ID)));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(OffsetResponseHeader.OFFSET, value)
                .build());
    }
}
