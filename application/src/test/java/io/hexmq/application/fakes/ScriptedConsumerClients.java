package io.hexmq.application.fakes;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.DirectConsumption;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.port.ConsumerClients;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Remembers every question put to a client, in order, and answers each with the answer scripted last
 * (an empty body by default), or leaves it pending until {@link #answerPending} when told to hold.
 */
public final class ScriptedConsumerClients implements ConsumerClients {

    /** One GET_CONSUMER_RUNNING_INFO relay. */
    public record RunningInfoCall(ConnectionId consumer, GroupName group, ClientId clientId, boolean withStacks) {
    }

    /** One CONSUME_MESSAGE_DIRECTLY relay. */
    public record DirectCall(ConnectionId consumer, DirectConsumption request) {
    }

    private final List<RunningInfoCall> runningInfoCalls = new CopyOnWriteArrayList<>();
    private final List<DirectCall> directCalls = new CopyOnWriteArrayList<>();
    private final List<CompletableFuture<ClientAnswer>> pending = new CopyOnWriteArrayList<>();
    private volatile ClientAnswer answer = ClientAnswer.answered(new byte[0]);
    private volatile boolean hold;

    public void answerWith(ClientAnswer scripted) {
        this.answer = Objects.requireNonNull(scripted, "scripted");
    }

    /** From now on, questions stay unanswered until {@link #answerPending}. */
    public void hold() {
        this.hold = true;
    }

    /** Answers every question held so far with {@code scripted}. */
    public void answerPending(ClientAnswer scripted) {
        pending.forEach(future -> future.complete(scripted));
        pending.clear();
    }

    @Override
    public CompletableFuture<ClientAnswer> runningInfo(ConnectionId consumer, GroupName group, ClientId clientId,
            boolean withStacks) {
        runningInfoCalls.add(new RunningInfoCall(consumer, group, clientId, withStacks));
        return reply();
    }

    @Override
    public CompletableFuture<ClientAnswer> consumeDirectly(ConnectionId consumer, DirectConsumption request) {
        directCalls.add(new DirectCall(consumer, request));
        return reply();
    }

    private CompletableFuture<ClientAnswer> reply() {
        if (!hold) {
            return CompletableFuture.completedFuture(answer);
        }
        CompletableFuture<ClientAnswer> later = new CompletableFuture<>();
        pending.add(later);
        return later;
    }

    public List<RunningInfoCall> runningInfoCalls() {
        return List.copyOf(runningInfoCalls);
    }

    public List<DirectCall> directCalls() {
        return List.copyOf(directCalls);
    }
}
