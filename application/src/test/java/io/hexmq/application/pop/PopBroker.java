package io.hexmq.application.pop;

import io.hexmq.application.broker.LiveBrokerSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryPopStateStore;
import io.hexmq.application.message.ExpressionFilters;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.pop.PopCheckpoints;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The POP use cases wired by hand over a {@link MessageBroker}, as bootstrap wires them; parked POPs hand
 * their re-runs to the message broker's queued pull executor. {@link #restarted()} builds a second one over
 * the same stores, as a broker that starts again on the same data.
 */
public final class PopBroker {

    public static final String GROUP = "cg-pop";
    public static final long INVISIBLE = 30_000;

    public final MessageBroker messages;
    final InMemoryPopStateStore checkpointStore;
    public final PopLedger ledger;
    final ParkedPops parked;
    public final PopMessages popMessages;
    public final PoppingGroups poppingGroups = new PoppingGroups();
    final PeekMessages peekMessages;
    public final AwaitMessages awaitMessages;
    final GetPollingInfo pollingInfo;
    public final AckMessage ackMessage;
    public final BatchAckMessages batchAck;
    public final ChangeInvisibleTime changeInvisibleTime;
    public final ReviveExpiredPops revive;
    private final PopSettings settings;

    public PopBroker() {
        this(new MessageBroker().withTopic(MessageBroker.TOPIC, 2), new InMemoryPopStateStore(), PopSettings.defaults());
    }

    /** A broker whose POP long polling takes at most these many waiting requests. */
    static PopBroker withPollingLimits(int popPollingSize, long maxPopPollingSize) {
        PopSettings defaults = PopSettings.defaults();
        return new PopBroker(new MessageBroker().withTopic(MessageBroker.TOPIC, 2), new InMemoryPopStateStore(),
                new PopSettings(defaults.defaultMessageRequestMode(), defaults.defaultPopShareQueueNum(),
                        popPollingSize, maxPopPollingSize));
    }

    private PopBroker(MessageBroker messages, InMemoryPopStateStore checkpointStore, PopSettings settings) {
        this.settings = settings;
        this.messages = messages;
        this.checkpointStore = checkpointStore;
        var broker = messages.broker;
        ledger = new PopLedger(new PopCheckpoints(List.of()), checkpointStore, broker.offsets);
        ledger.recover();
        parked = new ParkedPops(broker.clock, messages.pullExecutor, settings);
        messages.store.registerArrivalListener(parked);
        PopAdmission admission = new PopAdmission(broker.subscriptionGroupLookup, broker.topics,
                new ExpressionFilters(), broker.liveSettings);
        QueueWalk walk = new QueueWalk(broker.topics, messages.store, broker.offsets, ledger, broker.clock);
        popMessages = new PopMessages(admission, walk, parked, messages.statistics, broker.clock, broker.settings,
                poppingGroups);
        peekMessages = new PeekMessages(admission, walk, broker.clock);
        awaitMessages = new AwaitMessages(admission, walk, parked, broker.clock);
        pollingInfo = new GetPollingInfo(broker.topics, broker.subscriptionGroupLookup, parked);
        PopAcks acks = new PopAcks(ledger, broker.offsets, parked);
        ackMessage = new AckMessage(broker.topics, messages.store, acks);
        batchAck = new BatchAckMessages(messages.store, acks);
        changeInvisibleTime = new ChangeInvisibleTime(broker.topics, messages.store, broker.offsets, ledger,
                broker.clock);
        revive = new ReviveExpiredPops(ledger, messages.store, broker.subscriptionGroupLookup, broker.groupTopics,
                broker.clock, broker.outcomes);
    }

    /** The same stores and offsets, with the POP state loaded again from the checkpoint store. */
    PopBroker restarted() {
        return new PopBroker(messages, checkpointStore, settings);
    }

    public static PopMessages.Command pop(int queueId, int max, boolean orderly) {
        return new PopMessages.Command(GROUP, MessageBroker.TOPIC, queueId, max, INVISIBLE, 0, 0, 0, null, null,
                orderly, null);
    }

    /** An orderly POP of one queue by the client's receive {@code attemptId} (null: none sent). */
    static PopMessages.Command popOrderly(int queueId, int max, long invisibleTime, String attemptId) {
        return new PopMessages.Command(GROUP, MessageBroker.TOPIC, queueId, max, invisibleTime, 0, 0, 0, null, null,
                true, attemptId);
    }

    /** Pops, and asserts that the POP was answered at once rather than parked. */
    public PopMessages.Result popNow(PopMessages.Command command) {
        CompletableFuture<PopMessages.Result> future = popMessages.pop(command);
        assertThat(future).isDone();
        return future.join();
    }

    public void send(int queueId, String... bodies) {
        for (String body : bodies) {
            messages.sendTagged(MessageBroker.TOPIC, queueId, "T", body);
        }
    }

    public AckMessage.Result ack(PopMessages.Result popped, int index) {
        PopMessages.QueuePop queue = queueOf(popped, index);
        StoredMessage message = StoredMessage.decode(popped.messages().get(index));
        return ackMessage.ack(new AckMessage.Command(GROUP, queue.topic(), queue.queueId(), message.queueOffset(),
                popped.popTime(), popped.orderly()));
    }

    static PopMessages.QueuePop queueOf(PopMessages.Result popped, int index) {
        int seen = 0;
        for (PopMessages.QueuePop queue : popped.queues()) {
            seen += queue.offsets().size();
            if (index < seen) {
                return queue;
            }
        }
        throw new IllegalArgumentException("no message " + index);
    }

    static List<String> bodies(PopMessages.Result result) {
        return result.messages().stream().map(record -> new String(StoredMessage.decode(record).body())).toList();
    }
}
