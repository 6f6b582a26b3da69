package io.hexmq.benchmarks.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Fills a running broker (hexmq or Apache RocketMQ) for the recovery benchmark: N messages of
 * {@code --size} random bytes, sent with the official client as synchronous batches of {@code --batch}
 * from {@code --threads} threads, spread evenly over {@code --topics} topics of {@code --queues} queues
 * each ({@value #TOPIC_PREFIX}0, 1, ...), plus the one-queue topic {@value #PROBE_TOPIC} that
 * {@link RecoveryProbe} sends to. Sending through the broker writes exactly what a broker writes.
 *
 * <p>A batch that fails is sent again (a broker shedding load answers SYSTEM_BUSY), so the fill reaches
 * its count. Every SEND_OK answer is recorded in the {@link RecoveryLedger} ({@code --ledger}, saved every
 * second and at the end), so a later probe can tell whether a restart lost an acknowledged message.
 * With {@code --stop-on-failure true} (the kill -9 runs) the first failed send ends the fill: the broker
 * is gone, and the ledger holds what it acknowledged before. Bounded by {@code --seconds}; exit code 0 when
 * every message was acknowledged (or, stopping at a failure, always).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.RecoveryFill --namesrv 127.0.0.1:19876 \
 *     --messages 1048576 --ledger /tmp/recovery/ledger.txt [--topics 4] [--queues 8] [--size 1024] [--batch 32]
 *     [--threads 4] [--seconds 3600] [--stop-on-failure false]
 * </pre>
 */
public final class RecoveryFill {

    static final String TOPIC_PREFIX = "recovery-";
    static final String PROBE_TOPIC = "recovery-probe";
    private static final int SEND_TIMEOUT_MILLIS = 10_000;

    private final DefaultMQProducer producer;
    private final RecoveryLedger ledger;
    private final byte[] payload;
    private final int batch;
    private final boolean stopOnFailure;
    private final AtomicLong unsent;
    private final LongAdder failed = new LongAdder();
    private volatile boolean stopped;

    private RecoveryFill(DefaultMQProducer producer, RecoveryLedger ledger, Map<String, String> options) {
        this.producer = producer;
        this.ledger = ledger;
        this.payload = new byte[Integer.parseInt(options.getOrDefault("size", "1024"))];
        new Random(42).nextBytes(payload);
        this.batch = Integer.parseInt(options.getOrDefault("batch", "32"));
        this.stopOnFailure = Boolean.parseBoolean(options.getOrDefault("stop-on-failure", "false"));
        this.unsent = new AtomicLong(Long.parseLong(options.getOrDefault("messages", "1048576")));
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = Options.parse(args);
        Path ledgerFile = Path.of(options.getOrDefault("ledger", "recovery-ledger.txt"));
        RecoveryLedger ledger = RecoveryLedger.load(ledgerFile);
        DefaultMQProducer producer = new DefaultMQProducer("recovery_fill_" + Long.toString(System.nanoTime(), 36));
        producer.setNamesrvAddr(options.getOrDefault("namesrv", "127.0.0.1:9876"));
        producer.setInstanceName(producer.getProducerGroup());
        producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
        producer.start();
        int exitCode;
        try {
            exitCode = new RecoveryFill(producer, ledger, options).run(options, ledgerFile);
        } finally {
            producer.shutdown();
        }
        System.exit(exitCode);
    }

    private int run(Map<String, String> options, Path ledgerFile) throws Exception {
        int topics = Integer.parseInt(options.getOrDefault("topics", "4"));
        int queuesPerTopic = Integer.parseInt(options.getOrDefault("queues", "8"));
        var api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        OfficialTopicAdmin.create(api, PROBE_TOPIC, 1);
        List<MessageQueue> queues = new ArrayList<>();
        for (int i = 0; i < topics; i++) {
            OfficialTopicAdmin.create(api, TOPIC_PREFIX + i, queuesPerTopic);
            queues.addAll(producer.fetchPublishMessageQueues(TOPIC_PREFIX + i));
        }
        int threadCount = Integer.parseInt(options.getOrDefault("threads", "4"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(options.getOrDefault("seconds", "3600")));
        long toSend = unsent.get();
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < threadCount; t++) {
            int first = t;
            threads.add(new Thread(() -> sendBatches(queues, first, threadCount, deadline), "recovery-fill-" + t));
        }
        threads.forEach(Thread::start);
        long acknowledgedBefore = ledger.total();
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                thread.join(1_000);
                ledger.save(ledgerFile);
            }
        }
        ledger.save(ledgerFile);
        double seconds = (System.nanoTime() - start) / 1e9;
        long acknowledged = ledger.total() - acknowledgedBefore;
        BenchReport.format("fill: %,d of %,d messages acknowledged in %.1f s (%,.0f msg/s, %.1f MB/s), %,d failed"
                        + " sends%s; ledger %s: %,d acknowledged in all", acknowledged, toSend, seconds,
                acknowledged / seconds, acknowledged * payload.length / seconds / 1e6, failed.sum(),
                stopped ? " (stopped at the first failure)" : "", ledgerFile, ledger.total());
        return unsent.get() <= 0 || stopOnFailure ? 0 : 1;
    }

    /** One thread: batches to every {@code step}-th queue from {@code first}, round robin, until done. */
    private void sendBatches(List<MessageQueue> queues, int first, int step, long deadline) {
        int next = first;
        while (!stopped && System.nanoTime() < deadline) {
            long claimed = unsent.getAndAdd(-batch);
            if (claimed <= 0) {
                return;
            }
            MessageQueue queue = queues.get(next % queues.size());
            next += step;
            List<Message> messages = new ArrayList<>(batch);
            for (long i = Math.min(batch, claimed); i > 0; i--) {
                messages.add(new Message(queue.getTopic(), payload));
            }
            try {
                SendResult result = producer.send(messages, queue);
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    ledger.acknowledged(queue, result.getQueueOffset() + messages.size());
                } else {
                    failed(messages.size(), result.getSendStatus().toString());
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception failure) {
                failed(messages.size(), failure.toString());
            }
        }
    }

    /** Ends the fill (the kill -9 runs), or gives the batch back to be sent again (a busy broker). */
    private void failed(int count, String why) {
        if (failed.sum() == 0) {
            BenchReport.line("fill: first failed send: " + why);
        }
        failed.increment();
        if (stopOnFailure) {
            stopped = true;
        } else {
            unsent.addAndGet(count);
        }
    }
}
