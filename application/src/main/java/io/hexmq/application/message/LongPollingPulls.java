package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pulls that found nothing and wait (long polling, protocol.md §2.3.9). A parked pull is answered by
 * re-running it once, without waiting, when either
 * <ul>
 *   <li>the store reports a message for its topic-queue at or beyond its offset that its filter accepts
 *       ({@link #arrived(String, int, long, long, ByteBuffer)}, registered with
 *       {@code MessageStore.registerArrivalListener}): a tag filter judges the tag code, an SQL92 filter
 *       judges the arrived record's properties, or</li>
 *   <li>its deadline passed ({@link #expireDue}, which a scheduler calls about once a second).</li>
 * </ul>
 * Both hand the re-run to the executor given here (the pull executor): {@link #arrived} runs on the
 * store's dispatch thread, which must never read a queue or write a response.
 *
 * <p><b>Why SQL92 pulls are judged on arrival.</b> A message that does not match an SQL92 pull must not
 * wake it: woken, its re-read would find nothing to return and answer PULL_RETRY_IMMEDIATELY long
 * before its deadline, and the consumer would come straight back, so a busy queue of non-matching
 * traffic would turn long polling into polling. RocketMQ's broker avoids that by evaluating the
 * expression against the arrived message's properties before waking the request. Two ways were
 * possible here: judge the arrival with the record the store has in hand (the store lends it through
 * the arrival port), or wake, re-read, and re-park when nothing matched. The first is taken: judging
 * costs one in-place evaluation of the compiled expression per parked SQL92 pull of that queue (no
 * allocation, no I/O: the record was just written), where re-reading would cost a hand-over to the
 * executor, a queue read and a re-park per arrival per parked pull, with a window between re-read and
 * re-park to close each time. The re-run after a matching arrival still reads from the pull's own
 * offset, so its answer is exactly what a fresh pull would get.
 *
 * <p>A pull whose queue grew between its read and its park is released at once by
 * {@link PullMessages} (it cannot know whether the missed message matches without reading it); the
 * re-run answers with what it finds, PULL_RETRY_IMMEDIATELY for an SQL92 pull if nothing matched.
 *
 * <p>Wiring (bootstrap): {@code store.registerArrivalListener(longPolling)}, and a one-second
 * {@code PeriodicTask} calling {@code longPolling.expireDue()}.
 *
 * <p>Thread-safe. {@link #arrived} returns at once when nothing is parked and allocates nothing unless it
 * wakes a pull; it holds a topic's lock only while scanning that topic's parked pulls, and reads an
 * arrived record's properties only for SQL92 pulls parked on that queue at or below its offset.
 */
public final class LongPollingPulls implements MessageArrivalListener {

    private final Clock clock;
    private final Executor executor;
    private final Map<String, List<ParkedPull>> byTopic = new ConcurrentHashMap<>();
    private final AtomicInteger parked = new AtomicInteger();

    /** @param executor runs the re-reads of woken and expired pulls; never the store's thread */
    public LongPollingPulls(Clock clock, Executor executor) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    void park(ParkedPull pull) {
        List<ParkedPull> pulls = byTopic.computeIfAbsent(pull.topic(), ignored -> new ArrayList<>());
        synchronized (pulls) {
            pulls.add(pull);
        }
        parked.incrementAndGet();
    }

    /** Answers {@code pull} now if it is still parked (a message came between its read and its park). */
    void release(ParkedPull pull) {
        List<ParkedPull> pulls = byTopic.get(pull.topic());
        boolean removed = false;
        if (pulls != null) {
            synchronized (pulls) {
                removed = pulls.remove(pull);
            }
        }
        if (removed) {
            parked.decrementAndGet();
            executor.execute(pull);
        }
    }

    /** An arrival without its record: SQL92 pulls of the queue wake on it and their re-read decides. */
    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        arrived(topic, queueId, queueOffset, tagsCode, null);
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode, ByteBuffer record) {
        if (parked.get() == 0) {
            return;
        }
        List<ParkedPull> pulls = byTopic.get(topic);
        if (pulls == null) {
            return;
        }
        List<ParkedPull> woken = null;
        synchronized (pulls) {
            for (Iterator<ParkedPull> it = pulls.iterator(); it.hasNext(); ) {
                ParkedPull pull = it.next();
                if (pull.wantedBy(queueId, queueOffset, tagsCode, record)) {
                    it.remove();
                    if (woken == null) {
                        woken = new ArrayList<>(2);
                    }
                    woken.add(pull);
                }
            }
        }
        if (woken != null) {
            parked.addAndGet(-woken.size());
            for (ParkedPull pull : woken) {
                executor.execute(pull);
            }
        }
    }

    /**
     * Removes the pulls whose deadline has passed and hands each to the executor, which answers it
     * with whatever the queue holds now (PULL_NOT_FOUND when still nothing).
     *
     * @return the pulls handed over, for the caller's metrics and for tests
     */
    public List<ParkedPull> expireDue() {
        long now = clock.millis();
        List<ParkedPull> due = new ArrayList<>();
        for (List<ParkedPull> pulls : byTopic.values()) {
            synchronized (pulls) {
                for (Iterator<ParkedPull> it = pulls.iterator(); it.hasNext(); ) {
                    ParkedPull pull = it.next();
                    if (pull.deadlineMillis() <= now) {
                        it.remove();
                        due.add(pull);
                    }
                }
            }
        }
        parked.addAndGet(-due.size());
        for (ParkedPull pull : due) {
            executor.execute(pull);
        }
        return due;
    }

    /** Pulls waiting now. */
    public int parkedCount() {
        return parked.get();
    }
}
