package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.application.message.GetEarliestStoreTime;
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
        long value = useCase.earliestStoreTime(new GetEarliestStoreTime.Query(header.requiredString("topic"),
                header.requiredInt("queueId")));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField("timestamp", value)
                .build());
    }
}
