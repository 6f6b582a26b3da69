package io.hexmq.client.internal;

import io.hexmq.adapters.netty.protocol.RemotingCommand;
import io.hexmq.adapters.netty.protocol.RequestContext;
import io.hexmq.adapters.netty.protocol.RequestHandler;
import io.hexmq.adapters.netty.protocol.ResponseCode;
import io.hexmq.client.ReceivedMessage;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * CONSUME_MESSAGE_DIRECTLY (309), relayed by a broker for {@code mqadmin consumeMessage}: header
 * {@code consumerGroup}, {@code clientId}, {@code msgId}, {@code brokerName}; body the stored message.
 * The group's push consumer hands it to its listener once ({@link DirectConsumption}) and the answer is
 * the listener's result; SYSTEM_ERROR when the group has no push consumer here or the body holds no
 * message.
 */
record ConsumeDirectlyRequests(String clientId, Function<String, Optional<ConsumerAdminAnswers>> consumers)
        implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String group = request.header().requiredString("consumerGroup");
        Optional<ConsumerAdminAnswers> consumer = consumers.apply(group);
        if (consumer.isEmpty()) {
            return CompletableFuture.completedFuture(ConsumerAdminAnswers.noPushConsumer(request, group, clientId));
        }
        List<ReceivedMessage> messages = request.body() == null ? List.of() : MessageDecoding.decodeAll(request.body());
        if (messages.isEmpty()) {
            return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                    .remark("the request body holds no stored message")
                    .build());
        }
        return consumer.get().consumeDirectly().apply(messages.get(0))
                .thenApply(result -> RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                        .body(result.toJson())
                        .build());
    }
}
