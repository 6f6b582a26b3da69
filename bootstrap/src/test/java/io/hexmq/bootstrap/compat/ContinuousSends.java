package io.hexmq.bootstrap.compat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/**
 * Synchronous sends to {@link ReplicatedGroup#TOPIC} from several threads, all the time until closed, as
 * producers do while their broker group fails over: every body a send was acknowledged for goes into the
 * given set; a failed send is tried again a moment later with a new body. Each message's key is its body.
 */
final class ContinuousSends implements AutoCloseable {

    /** A failed send is tried again this much later, so a producer without a master does not spin. */
    private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final DefaultMQProducer producer;
    private final Set<String> acknowledged;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile boolean stopped;

    /** @param acknowledged a set safe for concurrent use */
    ContinuousSends(DefaultMQProducer producer, Set<String> acknowledged, int threadCount) {
        this.producer = producer;
        this.acknowledged = acknowledged;
        for (int i = 0; i < threadCount; i++) {
            int thread = i;
            Thread sender = new Thread(() -> send(thread), "continuous-sends-" + i);
            sender.setDaemon(true);
            threads.add(sender);
            sender.start();
        }
    }

    /** Waits, bounded, until {@code count} more sends were acknowledged than when called. */
    void awaitMore(int count, Duration bound) {
        int target = acknowledged.size() + count;
        Await.until(count + " more acknowledged sends (" + failed.get() + " failed so far)", bound,
                () -> acknowledged.size() >= target);
    }

    /** How many sends failed so far. */
    int failed() {
        return failed.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    private void send(int thread) {
        for (long attempt = 0; !stopped; attempt++) {
            String body = "continuous-" + thread + "-" + attempt + "-" + System.nanoTime();
            Message message = new Message(ReplicatedGroup.TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
            message.setKeys(body);
            try {
                SendResult result = producer.send(message);
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    acknowledged.add(body);
                } else {
                    failed.incrementAndGet();
                }
            } catch (Exception noMasterYet) {
                failed.incrementAndGet();
                LockSupport.parkNanos(RETRY_PAUSE_NANOS);
            }
        }
    }
}
