package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.BatchAckMessages;
import io.hexmq.remoting.body.PopJson;
import io.hexmq.remoting.header.PopExtraInfo;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * BATCH_ACK_MESSAGE (200151), body BatchAckMessageRequestBody ({@link PopJson}): acks grouped by the POP
 * that handed them out. Answers SUCCESS, or NO_MESSAGE for a body without acks.
 */
public final class BatchAckMessageHandler implements RequestHandler {

    private final BatchAckMessages batchAck;

    public BatchAckMessageHandler(BatchAckMessages batchAck) {
        this.batchAck = Objects.requireNonNull(batchAck, "batchAck");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        List<BatchAckMessages.Ack> acks = request.body() == null || request.body().length == 0 ? List.of()
                : PopJson.readBatchAcks(request.body()).stream()
                        .map(ack -> new BatchAckMessages.Ack(ack.consumerGroup(), ack.topic(),
                                PopExtraInfo.isRetry(ack.retry()), ack.queueId(), ack.offsets(), ack.popTime(),
                                ack.reviveQueueId() == PopExtraInfo.ORDERLY_REVIVE_QUEUE))
                        .toList();
        BatchAckMessages.Status status = batchAck.ack(acks);
        return Replies.answer(RemotingCommand.responseTo(request,
                status == BatchAckMessages.Status.OK ? ResponseCode.SUCCESS : ResponseCode.NO_MESSAGE));
    }
}
