package io.hexmq.application.pop;

import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.time.port.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
 * <p>Deadlines are planned, not polled: whoever drives {@link #expireDue} registers {@link #whenDue} and
 * is told each new deadline. Thread-safe; {@link #arrived} returns at once when nothing is parked.
 */
public final class ParkedPops implements MessageArrivalListener {

    /** A parked POP: its topics, its deadline and its re-run. */
    record Parked(Set<String> topics, long deadlineMillis, Runnable rerun) {
    }

    private final Clock clock;
    private final Executor executor;
    private final List<Parked> parked = new ArrayList<>();
    private volatile int count;
    private LongConsumer whenDue = ignored -> { };

    /** @param executor runs the re-runs of woken and expired POPs */
    public ParkedPops(Clock clock, Executor executor) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /** @param hook told, with a deadline in epoch ms, whenever a POP is parked */
    public synchronized void whenDue(LongConsumer hook) {
        this.whenDue = Objects.requireNonNull(hook, "hook");
    }

    void park(Parked pop) {
        LongConsumer hook;
        synchronized (this) {
            parked.add(pop);
            count = parked.size();
            hook = whenDue;
        }
        hook.accept(pop.deadlineMillis());
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
}
