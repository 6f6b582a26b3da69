package io.hexmq.application.pop;

import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.time.port.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.LongConsumer;

/**
 * POPs that found nothing and wait (long polling): each waits on its topics (the consumed topic and the
 * group's POP retry topic) until a message arrives on one of them, a queue it waits on is unblocked
 * (an orderly ack), or its deadline passes. Waking hands the POP's re-run to the executor given here,
 * never the store's thread; the re-run pops again and may park again for what is left of its wait.
 *
 * <p>Bounded as RocketMQ bounds its POP long polling: a POP is not parked once {@code maxPopPollingSize} wait
 * on the broker, or more than {@code popPollingSize} on its topic, group and queue; it is then answered
 * POLLING_FULL at once.
 *
 * <p>Deadlines are planned, not polled: whoever drives {@link #expireDue} registers {@link #whenDue} and
 * is told each new deadline. Thread-safe; {@link #arrived} returns at once when nothing is parked.
 */
public final class ParkedPops implements MessageArrivalListener {

    /** A parked POP: what it waits on (its topics), what it counts against, its deadline and its re-run. */
    record Parked(Set<String> topics, PollingKey key, long deadlineMillis, Runnable rerun) {
    }

    /** The topic, group and queue (-1: all) a POP waits on, as the per-queue limit counts them. */
    record PollingKey(String topic, String group, int queueId) {
    }

    private final Clock clock;
    private final Executor executor;
    private final int popPollingSize;
    private final long maxPopPollingSize;
    private final List<Parked> parked = new ArrayList<>();
    private final Map<PollingKey, Integer> parkedByKey = new HashMap<>();
    private volatile int count;
    private LongConsumer whenDue = ignored -> { };

    /**
     * @param executor runs the re-runs of woken and expired POPs
     * @param limits   its {@code popPollingSize} and {@code maxPopPollingSize} bound the POPs parked
     */
    public ParkedPops(Clock clock, Executor executor, PopSettings limits) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.popPollingSize = limits.popPollingSize();
        this.maxPopPollingSize = limits.maxPopPollingSize();
    }

    /** @param hook told, with a deadline in epoch ms, whenever a POP is parked */
    public synchronized void whenDue(LongConsumer hook) {
        this.whenDue = Objects.requireNonNull(hook, "hook");
    }

    /** @return whether it was parked; false when the limits are reached (POLLING_FULL) */
    boolean park(Parked pop) {
        LongConsumer hook;
        synchronized (this) {
            int onKey = parkedByKey.getOrDefault(pop.key(), 0);
            if (parked.size() >= maxPopPollingSize || onKey > popPollingSize) {
                return false;
            }
            parked.add(pop);
            parkedByKey.put(pop.key(), onKey + 1);
            count = parked.size();
            hook = whenDue;
        }
        hook.accept(pop.deadlineMillis());
        return true;
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        wake(topic);
    }

    /** Re-runs every POP waiting on {@code topic}. */
    public void wake(String topic) {
        if (count == 0) {
            return;
        }
        List<Parked> woken = new ArrayList<>(2);
        synchronized (this) {
            for (Iterator<Parked> it = parked.iterator(); it.hasNext(); ) {
                Parked pop = it.next();
                if (pop.topics().contains(topic)) {
                    it.remove();
                    forget(pop);
                    woken.add(pop);
                }
            }
            count = parked.size();
        }
        woken.forEach(pop -> executor.execute(pop.rerun()));
    }

    /**
     * Re-runs the POPs whose deadline has passed (they answer that nothing came).
     *
     * @return the next deadline of a POP still parked, or {@link Long#MAX_VALUE} when none is
     */
    public long expireDue() {
        long now = clock.millis();
        long next = Long.MAX_VALUE;
        List<Parked> due = new ArrayList<>();
        synchronized (this) {
            for (Iterator<Parked> it = parked.iterator(); it.hasNext(); ) {
                Parked pop = it.next();
                if (pop.deadlineMillis() <= now) {
                    it.remove();
                    forget(pop);
                    due.add(pop);
                } else {
                    next = Math.min(next, pop.deadlineMillis());
                }
            }
            count = parked.size();
        }
        due.forEach(pop -> executor.execute(pop.rerun()));
        return next;
    }

    /** Requests waiting now for messages of {@code topic}. */
    public synchronized int parkedOn(String topic) {
        int waiting = 0;
        for (Parked pop : parked) {
            waiting += pop.topics().contains(topic) ? 1 : 0;
        }
        return waiting;
    }

    /** POPs waiting now. */
    public int parkedCount() {
        return count;
    }

    /** Guarded by {@code this}. */
    private void forget(Parked pop) {
        parkedByKey.computeIfPresent(pop.key(), (key, onKey) -> onKey == 1 ? null : onKey - 1);
    }
}
