package io.hexmq.client.internal.relay;

import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.remote.MessageDecoding;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * CONSUME_MESSAGE_DIRECTLY (309), relayed by a broker for {@code mqadmin consumeMessage}: header
 * {@code consumerGroup}, {@code clientId}, {@code msgId}, {@code brokerName}; body the stored message.
 * The group's push consumer hands it to its listener once ({@link DirectConsumption}) and the answer is
 * the listener's result; SYSTEM_ERROR when the body holds no message.
 */
public record ConsumeDirectlyRequests(PushConsumerLookup consumers) implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return consumers.ask(request, consumer -> {
            List<ReceivedMessage> messages = request.body() == null ? List.of()
                    : MessageDecoding.decodeAll(request.body());
            if (messages.isEmpty()) {
                return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                        .remark("the request body holds no stored message")
                        .build());
            }
            return consumer.consumeDirectly().apply(messages.get(0))
                    .thenApply(result -> RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                            .body(result.toJson())
                            .build());
        });
    }
}
