package io.hexmq.domain.consumer.port;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.DirectConsumption;
import io.hexmq.domain.consumer.GroupName;
import java.util.concurrent.CompletableFuture;

/**
 * Asks one consumer client a question on an admin's behalf, over the connection the client heartbeats
 * on, and waits for its answer without holding a thread.
 *
 * <p>Promises: the returned future always completes normally, with a {@link ClientAnswer}; it never
 * fails. It completes once the client answered, the connection turned out to be unknown or closed
 * ({@link ClientAnswer.Status#NOT_ONLINE}), or the client let the call time out (10 s, as RocketMQ's
 * broker waits). Costs one request on the client's connection; nothing is remembered, so a broker crash
 * loses only the admin's pending call.
 */
public interface ConsumerClients {

    /**
     * The client's running state as a consumer of {@code group} (GET_CONSUMER_RUNNING_INFO): its
     * subscriptions, settings and queues, and its threads' stacks when {@code withStacks}.
     */
    CompletableFuture<ClientAnswer> runningInfo(ConnectionId consumer, GroupName group, ClientId clientId,
            boolean withStacks);

    /** Has the client consume one stored message at once and say how its listener took it. */
    CompletableFuture<ClientAnswer> consumeDirectly(ConnectionId consumer, DirectConsumption request);
}
