package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.RecallTimerMessage;
import io.hexmq.application.message.TimerRecall;
import io.hexmq.remoting.header.RecallHandle;
import io.hexmq.remoting.header.RecallMessageHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * RECALL_MESSAGE (370): header topic, recallHandle (and producerGroup, unused); answers the recalled message's
 * id in {@code msgId}, or, with RocketMQ's codes and remarks, NO_PERMISSION when recall is not enabled,
 * TOPIC_NOT_EXIST, ILLEGAL_OPERATION for a handle that does not decode or names another topic, broker or a
 * time not ahead, SYSTEM_ERROR when the store refuses the recall.
 */
public final class RecallMessageHandler implements RequestHandler {

    private final RecallTimerMessage recallTimerMessage;

    public RecallMessageHandler(RecallTimerMessage recallTimerMessage) {
        this.recallTimerMessage = Objects.requireNonNull(recallTimerMessage, "recallTimerMessage");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String topic = header.stringOf(RecallMessageHeader.TOPIC);
        Optional<RecallHandle> handle = RecallHandle.decode(header.stringOf(RecallMessageHeader.RECALL_HANDLE));
        if (handle.isEmpty()) {
            return Replies.failure(request, ResponseCode.ILLEGAL_OPERATION, "recall handle is invalid");
        }
        RecallHandle named = handle.get();
        TimerRecall recall = new TimerRecall(named.topic(), named.brokerName(), named.dueMillis(), named.uniqueKey());
        return recallTimerMessage.recall(new RecallTimerMessage.Command(topic, recall,
                        HostAddresses.of(context.remoteAddress())))
                .thenCompose(result -> answer(request, topic, result))
                .toCompletableFuture();
    }

    private static CompletableFuture<RemotingCommand> answer(RemotingCommand request, String topic,
            RecallTimerMessage.Result result) {
        return switch (result.status()) {
            case RECALLED -> Replies.answer(Replies.success(request).extField(RecallMessageHeader.MSG_ID, result.msgId()));
            case FORBIDDEN -> Replies.failure(request, ResponseCode.NO_PERMISSION, "recall failed, operation is forbidden");
            case TOPIC_NOT_EXIST -> Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST,
                    "recall failed, the topic[" + topic + "] not exist");
            case NOT_THIS_TOPIC -> Replies.failure(request, ResponseCode.ILLEGAL_OPERATION, "recall failed, topic not match");
            case NOT_THIS_BROKER -> Replies.failure(request, ResponseCode.ILLEGAL_OPERATION,
                    "recall failed, broker service not available");
            case NOT_PENDING -> Replies.failure(request, ResponseCode.ILLEGAL_OPERATION, "recall failed, timestamp invalid");
            case NOT_STORED -> Replies.failure(request, ResponseCode.SYSTEM_ERROR, "recall failed, execute error");
        };
    }
}
