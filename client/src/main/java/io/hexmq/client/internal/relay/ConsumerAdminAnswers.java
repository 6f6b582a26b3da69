package io.hexmq.client.internal.relay;

import io.hexmq.client.ReceivedMessage;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a push consumer answers the questions an admin has a broker relay to it: its running info
 * ({@link RunningInfoRequests}) and what its listener makes of one message ({@link ConsumeDirectlyRequests}).
 * The client keeps one per consumer group that has a push consumer ({@link PushConsumerLookup}).
 *
 * @param runningInfo     the consumer's running info now, without thread stacks
 * @param consumeDirectly hands one message to the listener; completes with the listener's answer
 */
public record ConsumerAdminAnswers(Supplier<RunningInfo> runningInfo,
                            Function<ReceivedMessage, CompletableFuture<DirectConsumption.Result>> consumeDirectly) {
}
