package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.GetEarliestStoreTime;
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
 * GET_EARLIEST_MSG_STORETIME (32): header topic, queueId; answers {@code timestamp}, the store time of
 * the queue's oldest message (-1 when empty).
 */
public final class GetEarliestMsgStoreTimeHandler implements RequestHandler {

    private final GetEarliestStoreTime useCase;

    public GetEarliestMsgStoreTimeHandler(GetEarliestStoreTime useCase) {
        this.useCase = Objects.requireNonNull(useCase, "useCase");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        long value = useCase.earliestStoreTime(new GetEarliestStoreTime.Query(header.stringOf(QueueOffsetHeader.TOPIC),
                header.intOf(QueueOffsetHeader.QUEUE_ID)));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(OffsetResponseHeader.TIMESTAMP, value)
                .build());
    }
}
