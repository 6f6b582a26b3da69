package io.hexmq.client.internal.push;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.instance.ClientClock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes each queue in offset order: at most one consume-pool task per queue, queued or running, and
 * it calls the listener only while this member holds the queue's broker lock, so no other member
 * consumes the queue at the same time. A failed message is retried in place after orderlySuspend; once
 * it has failed more than maxReconsumeTimes times it goes to the dead letter topic, so that the queue
 * can move on.
 *
 * <p>A task consumes at most {@link #MESSAGES_PER_TURN} messages, then queues the next one, so that a
 * busy queue takes turns with the others on the pool's threads.
 */
record OrderlyConsumeService(PushConsumerSettings settings, PushConsumerThreads threads, ConsumeOutcomes outcomes,
                             ClientClock clock)
        implements ConsumeService {

    private static final Logger LOG = LoggerFactory.getLogger(OrderlyConsumeService.class);
    private static final int MESSAGES_PER_TURN = 32;
    /** How long a queue whose broker lock lapsed waits: the puller or the lock renewal takes it again. */
    private static final long LOCK_LAPSED_PAUSE_MILLIS = 1_000;

    @Override
    public void dispatch(ProcessQueue processQueue, List<ReceivedMessage> messages) {
        schedule(processQueue, 0);
    }

    private void schedule(ProcessQueue processQueue, long delayMillis) {
        if (!processQueue.consumeScheduled().compareAndSet(false, true)) {
            return;
        }
        Runnable task = () -> consume(processQueue);
        if (delayMillis <= 0) {
            threads.onConsumeThread(task);
        } else {
            threads.later(() -> threads.onConsumeThread(task), delayMillis);
        }
    }

    /** The consume lock lets a rebalance wait for the message in hand before it gives the queue away. */
    private void consume(ProcessQueue processQueue) {
        long pauseMillis = 0;
        processQueue.consumeLock().lock();
        try {
            for (int turn = 0; turn < MESSAGES_PER_TURN; turn++) {
                if (processQueue.isDropped() || threads.isStopped()) {
                    return;
                }
                if (!processQueue.holdsLock(clock.millis())) {
                    pauseMillis = LOCK_LAPSED_PAUSE_MILLIS;
                    break;
                }
                ReceivedMessage head = processQueue.head();
                if (head == null) {
                    break;
                }
                if (outcomes.callListener(head) == ConsumeResult.SUCCESS) {
                    processQueue.resetHeadAttempts();
                    outcomes.consumed(processQueue, head);
                } else if (processQueue.failedHeadAttempt() > settings.maxReconsumeTimes()) {
                    // Retried in place long enough: to the dead letter topic, so the queue can move on.
                    processQueue.resetHeadAttempts();
                    outcomes.sendBack(processQueue.queue(), head, -1).join();
                    outcomes.consumed(processQueue, head);
                } else {
                    pauseMillis = settings.orderlySuspend().toMillis();
                    break;
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("Orderly consumption of {} failed", processQueue.queue(), e);
            pauseMillis = settings.orderlySuspend().toMillis();
        } finally {
            processQueue.consumeLock().unlock();
            processQueue.consumeScheduled().set(false);
        }
        if (!processQueue.isDropped() && !threads.isStopped() && processQueue.size() > 0) {
            schedule(processQueue, pauseMillis);
        }
    }
}
