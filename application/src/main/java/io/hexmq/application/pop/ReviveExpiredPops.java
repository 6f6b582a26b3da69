package io.hexmq.application.pop;

import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Delivers again the popped messages whose invisible time has passed without an ack (RocketMQ's POP
 * revive): each goes, as a copy with its reconsume count raised, to queue 0 of the group's POP retry topic
 * ({@code %RETRY%group_topic}, created when missing; a redelivery already there stays in it), or to
 * {@code %DLQ%group} once it was consumed the group's {@code retryMaxTimes} times. The copy keeps body,
 * flag, system flag, born time and host and properties, and gains {@code 1ST_POP_TIME} (once). Its
 * checkpoint goes once the copy is stored. Orderly checkpoints are not revived: their queue hands the
 * same messages out again in place.
 *
 * <p>Run it when something is due: {@link io.hexmq.domain.pop.PopCheckpoints#whenDue} tells each new
 * deadline, and each run tells the next. A crash between storing a copy and dropping its checkpoint
 * delivers the message once more after the restart; never less.
 */
public final class ReviveExpiredPops {

    /** Returned as the next due time when nothing is in flight. */
    public static final long NOTHING_DUE = Long.MAX_VALUE;

    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    /** @param nextDueMillis the next deadline of a checkpoint in flight, or {@link #NOTHING_DUE} */
    public record Result(int revived, int deadLettered, long nextDueMillis) {
    }

    private final PopLedger ledger;
    private final MessageStore store;
    private final SubscriptionGroupLookup groups;
    private final GroupTopics groupTopics;
    private final Clock clock;
    private final MessageOutcomes outcomes;

    public ReviveExpiredPops(PopLedger ledger, MessageStore store, SubscriptionGroupLookup groups,
            GroupTopics groupTopics, Clock clock, MessageOutcomes outcomes) {
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.store = Objects.requireNonNull(store, "store");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.groupTopics = Objects.requireNonNull(groupTopics, "groupTopics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
    }

    public synchronized Result revive() {
        List<PopCheckpoint> due = ledger.checkpoints().dueAt(clock.millis());
        List<PopCheckpoint> done = new ArrayList<>(due.size());
        int revived = 0;
        int deadLettered = 0;
        boolean failed = false;
        for (PopCheckpoint checkpoint : due) {
            ledger.counts().revived(checkpoint);
            Outcome outcome = redeliver(checkpoint);
            if (outcome == Outcome.FAILED) {
                failed = true;
                continue;
            }
            done.add(checkpoint);
            revived += outcome == Outcome.RETRY ? 1 : 0;
            deadLettered += outcome == Outcome.DEAD_LETTER ? 1 : 0;
        }
        if (!done.isEmpty()) {
            ledger.change(inFlight -> {
                done.forEach(held -> inFlight.remove(held.group(), held.topic(), held.queueId(), held.offset(),
                        held.popTime()));
                return true;
            });
        }
        long next = ledger.checkpoints().nextDeadline().orElse(NOTHING_DUE);
        if (failed) {
            // The store refused a copy: try again a little later rather than at once and again.
            next = Math.max(next, clock.millis() + RETRY_AFTER_FAILURE_MILLIS);
        }
        return new Result(revived, deadLettered, next);
    }

    private enum Outcome { RETRY, DEAD_LETTER, GONE, FAILED }

    private Outcome redeliver(PopCheckpoint checkpoint) {
        ReadResult read = store.read(checkpoint.topic().value(), checkpoint.queueId(), checkpoint.offset(), 1,
                MessageFilter.ALL);
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(checkpoint.group());
        if (read.messages().isEmpty() || config.isEmpty()) {
            return Outcome.GONE;
        }
        StoredMessage original = StoredMessage.decode(read.messages().get(0));
        if (original.queueOffset() != checkpoint.offset()) {
            return Outcome.GONE;
        }
        boolean deadLetter = original.reconsumeTimes() >= config.get().retryMaxTimes();
        TopicName target;
        if (deadLetter) {
            target = groupTopics.dlqTopic(checkpoint.group()).name();
        } else if (SystemTopics.isRetryTopic(checkpoint.topic())) {
            target = checkpoint.topic();
        } else {
            target = groupTopics.popRetryTopic(checkpoint.group(), checkpoint.topic()).name();
        }
        Map<String, String> properties = original.propertyMap();
        properties.putIfAbsent(MessageProperties.FIRST_POP_TIME, Long.toString(checkpoint.popTime()));
        Message copy = new Message(target.value(), 0, original.flag(), original.body(),
                MessageProperties.encode(properties), original.sysFlag(), original.bornTimestamp(),
                original.bornHost(), original.reconsumeTimes() + 1, original.preparedTransactionOffset());
        if (!store.append(copy).status().isStored()) {
            return Outcome.FAILED;
        }
        if (deadLetter) {
            outcomes.deadLettered(checkpoint.group(),
                    checkpoint.group().topicOfPopRetry(checkpoint.topic()).orElse(checkpoint.topic()));
            return Outcome.DEAD_LETTER;
        }
        ledger.counts().retried(checkpoint);
        return Outcome.RETRY;
    }
}
