package io.hexmq.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Times a broker's start on a filled store, from outside, as a user sees it: started by the caller at
 * {@code --since-ms} (epoch milliseconds, taken just before the process was launched), it reports
 * <ol>
 *   <li>when the broker's log ({@code --log}) first shows {@code --listening} (the broker's
 *       "listening on" line),</li>
 *   <li>when a send with the official client first returns SEND_OK (to {@value RecoveryFill#PROBE_TOPIC}),</li>
 *   <li>when every queue in the {@link RecoveryLedger} ({@code --ledger}) has been checked: its max
 *       offset reaches the acknowledged end, and a pull of the last acknowledged message and of the last
 *       stored one finds them,</li>
 * </ol>
 * and whether any acknowledged message is missing. Polls every {@value #POLL_MILLIS} ms, bounded by
 * {@code --timeout-seconds}. Exit code 0 when the broker answered and nothing acknowledged was lost.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.RecoveryProbe --namesrv 127.0.0.1:19876 \
 *     --since-ms "$(date +%s%3N)" --log /tmp/recovery/server.log --ledger /tmp/recovery/ledger.txt
 * </pre>
 */
public final class RecoveryProbe {

    private static final long POLL_MILLIS = 20;
    /** A request's timeout; on a loaded machine a just-started broker can take seconds to answer. */
    private static final int TIMEOUT_MILLIS = 10_000;
    /** Requests that time out are asked again, this many times in all, before the check counts as failed. */
    private static final int ATTEMPTS = 5;

    private final long sinceMillis;
    private final long deadlineMillis;

    private RecoveryProbe(long sinceMillis, long timeoutSeconds) {
        this.sinceMillis = sinceMillis;
        this.deadlineMillis = sinceMillis + TimeUnit.SECONDS.toMillis(timeoutSeconds);
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = Options.parse(args);
        String nameServer = options.getOrDefault("namesrv", "127.0.0.1:9876");
        String group = "recovery_probe_" + Long.toString(System.nanoTime(), 36);
        DefaultMQProducer producer = new DefaultMQProducer(group);
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName(group);
        producer.setSendMsgTimeout(TIMEOUT_MILLIS);
        producer.setRetryTimesWhenSendFailed(0);
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer(group);
        consumer.setNamesrvAddr(nameServer);
        consumer.setInstanceName(group);
        producer.start();
        consumer.start();
        int exitCode;
        try {
            RecoveryProbe probe = new RecoveryProbe(Long.parseLong(options.get("since-ms")),
                    Long.parseLong(options.getOrDefault("timeout-seconds", "1800")));
            exitCode = probe.run(Path.of(options.getOrDefault("log", "server.log")),
                    options.getOrDefault("listening", "Broker .* listening on"),
                    RecoveryLedger.load(Path.of(options.getOrDefault("ledger", "recovery-ledger.txt"))),
                    producer, consumer);
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
        System.exit(exitCode);
    }

    private int run(Path log, String listening, RecoveryLedger ledger, DefaultMQProducer producer,
            DefaultMQPullConsumer consumer) throws InterruptedException {
        Pattern line = Pattern.compile(listening);
        long listened = poll(() -> line.matcher(readQuietly(log)).find());
        long sent = poll(() -> sendsOk(producer));
        long lost = 0;
        long stored = 0;
        boolean pulled = true;
        for (Map.Entry<MessageQueue, Long> acked : ledger.ends().entrySet()) {
            MessageQueue queue = routed(consumer, acked.getKey());
            long max = maxOffset(consumer, queue);
            stored += max;
            lost += Math.max(0, acked.getValue() - max);
            pulled &= finds(consumer, queue, acked.getValue() - 1) && finds(consumer, queue, max - 1);
        }
        long verified = System.currentTimeMillis() - sinceMillis;
        BenchReport.format("recovery: listening after %,d ms, first SEND_OK after %,d ms, %d queues checked after"
                        + " %,d ms; acknowledged %,d, stored %,d, lost %,d; last messages pulled: %s", listened,
                sent, ledger.ends().size(), verified, ledger.total(), stored, lost, pulled ? "yes" : "NO");
        return lost == 0 && pulled ? 0 : 1;
    }

    /** Milliseconds since the launch when {@code condition} first held; fails past the deadline. */
    private long poll(BooleanSupplier condition) throws InterruptedException {
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadlineMillis) {
                throw new IllegalStateException("the broker did not answer before the deadline");
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
        return System.currentTimeMillis() - sinceMillis;
    }

    private static String readQuietly(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException | UncheckedIOException notYet) {
            return "";
        }
    }

    private static boolean sendsOk(DefaultMQProducer producer) {
        try {
            return producer.send(new Message(RecoveryFill.PROBE_TOPIC, new byte[16])).getSendStatus()
                    == SendStatus.SEND_OK;
        } catch (Exception notYet) {
            return false;
        }
    }

    /** The ledger's queue with the broker name of the topic's current route. */
    private static MessageQueue routed(DefaultMQPullConsumer consumer, MessageQueue queue) {
        return attempt("the route of " + queue, () -> consumer.fetchSubscribeMessageQueues(queue.getTopic()).stream()
                .filter(candidate -> candidate.getQueueId() == queue.getQueueId()).findFirst().orElseThrow());
    }

    private static long maxOffset(DefaultMQPullConsumer consumer, MessageQueue queue) {
        return attempt("the max offset of " + queue, () -> consumer.maxOffset(queue));
    }

    /** A request of the check, asked again when it fails (a timeout under load), {@value #ATTEMPTS} times in all. */
    private static <T> T attempt(String what, Callable<T> request) {
        Exception last = null;
        for (int i = 0; i < ATTEMPTS; i++) {
            try {
                return request.call();
            } catch (Exception failure) {
                last = failure;
            }
        }
        throw new IllegalStateException("cannot read " + what + " in " + ATTEMPTS + " attempts", last);
    }

    /** Whether a pull at {@code offset} finds the message stored there. */
    private static boolean finds(DefaultMQPullConsumer consumer, MessageQueue queue, long offset) {
        if (offset < 0) {
            return true;
        }
        try {
            PullResult result = attempt("a pull of " + queue + " at " + offset,
                    () -> consumer.pull(queue, "*", offset, 1, TIMEOUT_MILLIS));
            boolean found = result.getPullStatus() == PullStatus.FOUND
                    && result.getMsgFoundList().get(0).getQueueOffset() == offset;
            if (!found) {
                BenchReport.format("pull of %s at %d: %s", queue, offset, result.getPullStatus());
            }
            return found;
        } catch (IllegalStateException e) {
            BenchReport.format("%s: %s", e.getMessage(), e.getCause());
            return false;
        }
    }
}
