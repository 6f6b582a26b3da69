package io.hexmq.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * A broker with many topics, driven by the official client, one phase a run (the script
 * {@code benchmarks/scripts/broker-scale-bench.sh} restarts the broker and reads its process between
 * phases):
 * <ul>
 *   <li>{@code create}: {@code --topics} topics of {@code --queues} queues on every master of the TBW102
 *       route, {@code --batch} a request (UPDATE_AND_CREATE_TOPIC_LIST, what {@code mqadmin updateTopicList}
 *       sends; with {@code --batch 1} one UPDATE_AND_CREATE_TOPIC a topic, what {@code mqadmin updateTopic}
 *       sends), then waits until the NameServer routes the last one;</li>
 *   <li>{@code registered}: how long after {@code --since-epoch-ms} (the broker's launch) the NameServer
 *       first routes the last topic with all its queues, i.e. the broker registered all its topics;</li>
 *   <li>{@code send}: {@code --producers} threads sharing one producer send {@code --size}-byte bodies
 *       synchronously, round-robin over all the topics: one pass over every topic first (in which the
 *       client fetches each topic's route, one at a time), timed apart and cut short after
 *       {@code --first-pass-seconds}, then {@code --warmup} and {@code --seconds} measured.</li>
 * </ul>
 * Topic names sort in creation order, so the last one created is the last one in the broker's table.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.BrokerScaleLoad --phase create \
 *     --namesrv 127.0.0.1:19876 --topics 10000 --queues 8 --batch 2000
 * </pre>
 */
public final class BrokerScaleLoad {

    private static final int ADMIN_TIMEOUT_MILLIS = 120_000;
    private static final int LOOKUP_TIMEOUT_MILLIS = 3_000;
    private static final int SEND_TIMEOUT_MILLIS = 10_000;
    private static final long REGISTRATION_WAIT_MILLIS = 600_000;

    private final String nameServer;
    private final int topics;
    private final int queues;

    private BrokerScaleLoad(String nameServer, int topics, int queues) {
        this.nameServer = nameServer;
        this.topics = topics;
        this.queues = queues;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = Options.parse(args);
        BrokerScaleLoad load = new BrokerScaleLoad(options.getOrDefault("namesrv", "127.0.0.1:9876"),
                Integer.parseInt(options.getOrDefault("topics", "100")),
                Integer.parseInt(options.getOrDefault("queues", "8")));
        String phase = options.getOrDefault("phase", "create");
        switch (phase) {
            case "create" -> load.create(Integer.parseInt(options.getOrDefault("batch", "2000")));
            case "registered" -> load.registered(Long.parseLong(options.getOrDefault("since-epoch-ms",
                    String.valueOf(System.currentTimeMillis()))));
            case "send" -> load.send(Integer.parseInt(options.getOrDefault("producers", "16")),
                    Integer.parseInt(options.getOrDefault("size", "1024")),
                    Integer.parseInt(options.getOrDefault("first-pass-seconds", "120")),
                    Integer.parseInt(options.getOrDefault("warmup", "5")),
                    Integer.parseInt(options.getOrDefault("seconds", "20")));
            default -> throw new IllegalArgumentException("unknown --phase " + phase
                    + " (create, registered or send)");
        }
    }

    /** The i-th topic's name; zero-padded so that the names sort as they were created. */
    static String topicName(int i) {
        return String.format(Locale.ROOT, "scale_%06d", i);
    }

    private void create(int batch) throws Exception {
        DefaultMQProducer admin = started("scale-admin");
        try {
            MQClientAPIImpl api = admin.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            List<String> masters = new ArrayList<>();
            Await.until("a master broker in the TBW102 route", () -> {
                masters.clear();
                masters.addAll(OfficialTopicAdmin.masters(api));
                return !masters.isEmpty();
            });
            long start = System.nanoTime();
            long firstBatchNanos = 0;
            long lastBatchNanos = 0;
            for (int from = 0; from < topics; from += batch) {
                List<TopicConfig> configs = new ArrayList<>();
                for (int i = from; i < Math.min(topics, from + batch); i++) {
                    configs.add(new TopicConfig(topicName(i), queues, queues, PermName.PERM_READ | PermName.PERM_WRITE));
                }
                long batchStart = System.nanoTime();
                for (String master : masters) {
                    if (batch == 1) {
                        api.createTopic(master, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, configs.get(0),
                                ADMIN_TIMEOUT_MILLIS);
                    } else {
                        api.createTopicList(master, configs, ADMIN_TIMEOUT_MILLIS);
                    }
                }
                lastBatchNanos = System.nanoTime() - batchStart;
                firstBatchNanos = from == 0 ? lastBatchNanos : firstBatchNanos;
            }
            long createdNanos = System.nanoTime() - start;
            awaitLastTopicRouted(api, System.currentTimeMillis() + REGISTRATION_WAIT_MILLIS);
            long routedNanos = System.nanoTime() - start;
            BenchReport.format("created %,d topics x %d queues on %s in batches of %,d: %.1f s (first batch %.0f ms,"
                    + " last %.0f ms); last topic routed after %.1f s", topics, queues, masters, batch,
                    createdNanos / 1e9, firstBatchNanos / 1e6, lastBatchNanos / 1e6, routedNanos / 1e9);
        } finally {
            admin.shutdown();
        }
    }

    private void registered(long sinceEpochMillis) throws Exception {
        DefaultMQProducer client = started("scale-startup");
        try {
            MQClientAPIImpl api = client.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            awaitLastTopicRouted(api, System.currentTimeMillis() + REGISTRATION_WAIT_MILLIS);
            BenchReport.format("registered all %,d topics: %d ms after launch", topics,
                    System.currentTimeMillis() - sinceEpochMillis);
        } finally {
            client.shutdown();
        }
    }

    private void awaitLastTopicRouted(MQClientAPIImpl api, long deadlineEpochMillis) throws InterruptedException {
        String last = topicName(topics - 1);
        while (!routed(api, last)) {
            if (System.currentTimeMillis() > deadlineEpochMillis) {
                throw new IllegalStateException("the NameServer did not route " + last + " in time");
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    private boolean routed(MQClientAPIImpl api, String topic) {
        try {
            TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, LOOKUP_TIMEOUT_MILLIS);
            return route.getQueueDatas().stream().anyMatch(data -> data.getWriteQueueNums() == queues);
        } catch (Exception notYet) {
            // not listening, or not registered yet: asked again
            return false;
        }
    }

    private void send(int producers, int size, int firstPassSeconds, int warmupSeconds, int seconds)
            throws Exception {
        DefaultMQProducer producer = started("scale-producer");
        ExecutorService threads = Executors.newFixedThreadPool(producers);
        byte[] body = new byte[size];
        ThreadLocalRandom.current().nextBytes(body);
        AtomicLong next = new AtomicLong();
        try {
            Round firstPass = round(threads, producers, () -> {
                long i = next.getAndIncrement();
                return i < topics ? topicName((int) i) : null;
            }, TimeUnit.SECONDS.toNanos(firstPassSeconds), producer, body);
            long passed = firstPass.ok() + firstPass.failed();
            BenchReport.format("first pass, one send to each topic (a route lookup each): %,d of %,d topics in %.1f s"
                    + " (%,.0f topics/s), %d failed%s", passed, topics, firstPass.nanos() / 1e9,
                    passed / (firstPass.nanos() / 1e9), firstPass.failed(), firstPass.firstFailure());
            TopicCycle cycle = () -> topicName((int) (next.getAndIncrement() % topics));
            round(threads, producers, cycle, TimeUnit.SECONDS.toNanos(warmupSeconds), producer, body);
            Round measured = round(threads, producers, cycle, TimeUnit.SECONDS.toNanos(seconds), producer, body);
            BenchReport.format("sync sends of %d B over %,d topics from %d threads: %,.0f msg/s, p50 %.2f ms,"
                    + " p99 %.2f ms, p99.9 %.2f ms, %d failed%s", size, topics, producers,
                    measured.ok() / (measured.nanos() / 1e9), measured.latency().getValueAtPercentile(50) / 1e6,
                    measured.latency().getValueAtPercentile(99) / 1e6,
                    measured.latency().getValueAtPercentile(99.9) / 1e6, measured.failed(), measured.firstFailure());
        } finally {
            threads.shutdownNow();
            producer.shutdown();
        }
    }

    /** The next topic to send to; null when the round is done. */
    private interface TopicCycle {
        String next();
    }

    private record Round(long nanos, long ok, long failed, Histogram latency, String firstFailure) {
    }

    /** Every thread sends until the cycle ends or {@code nanos} have passed. */
    private static Round round(ExecutorService threads, int producers, TopicCycle cycle, long nanos,
            DefaultMQProducer producer, byte[] body) throws Exception {
        Recorder latency = new Recorder(3);
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long start = System.nanoTime();
        long deadline = start + nanos;
        AtomicReference<String> firstFailure = new AtomicReference<>("");
        List<Future<?>> running = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            running.add(threads.submit(() -> {
                for (String topic = cycle.next(); topic != null && System.nanoTime() < deadline; topic = cycle.next()) {
                    long sent = System.nanoTime();
                    try {
                        SendStatus status = producer.send(new Message(topic, body)).getSendStatus();
                        if (status == SendStatus.SEND_OK) {
                            ok.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            firstFailure.compareAndSet("", " (first: " + status + ")");
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        firstFailure.compareAndSet("", " (first: " + e + ")");
                    }
                    latency.recordValue(System.nanoTime() - sent);
                }
                return null;
            }));
        }
        for (Future<?> thread : running) {
            thread.get();
        }
        return new Round(System.nanoTime() - start, ok.get(), failed.get(), latency.getIntervalHistogram(),
                firstFailure.get());
    }

    private DefaultMQProducer started(String role) throws MQClientException {
        DefaultMQProducer producer = new DefaultMQProducer("scale_" + role.replace('-', '_'));
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName(role + "-" + ProcessHandle.current().pid());
        producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
        producer.start();
        return producer;
    }
}
