package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.LauncherProcess;
import io.hexmq.bootstrap.RestartPorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A standalone hexmq in a child process, killed with SIGKILL while a producer is sending under
 * SYNC_FLUSH, then started again on the same data: every message the producer saw acknowledged is
 * served again, read back with the official lite pull consumer. Once per storage backend.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class BrokerCrashRecoveryIT {

    @Parameter
    String store;

    private static final Pattern BROKER_LISTENING = Pattern.compile("Broker broker-a of cluster .* listening on");

    @TempDir
    Path dataDir;

    @Test
    void servesEveryAcknowledgedMessage_afterAKillDuringSends_underSyncFlush() throws Exception {
        int nameServerPort = RestartPorts.port();
        int brokerPort = RestartPorts.brokerPort();
        String[] command = {"standalone", "--data", dataDir.toString(),
                "--namesrv-listen", "127.0.0.1:" + nameServerPort, "--broker-listen", "127.0.0.1:" + brokerPort,
                "--store", store, "-DconsolePort=0", "-DflushDiskType=SYNC_FLUSH", "-DmappedFileSizeCommitLog=8388608",
                // the build machine's disk, not this test, decides how full it is
                "-DdiskMaxUsedSpaceRatio=95"};
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();

        try (LauncherProcess first = LauncherProcess.start(dataDir, command);
             OfficialClients clients = new OfficialClients("127.0.0.1:" + nameServerPort)) {
            first.awaitLine(BROKER_LISTENING);
            DefaultMQProducer producer = clients.producer("pg-crash");
            producer.setRetryTimesWhenSendFailed(0);
            AtomicBoolean sending = new AtomicBoolean(true);
            Thread sender = new Thread(() -> {
                for (int i = 0; sending.get(); i++) {
                    String body = "crash-" + i;
                    try {
                        SendResult result = producer.send(new Message("CrashTopic", "T", body.getBytes(StandardCharsets.UTF_8)));
                        if (result.getSendStatus() == SendStatus.SEND_OK) {
                            acknowledged.add(body);
                        }
                    } catch (Exception expectedOnceKilled) {
                        return;
                    }
                }
            }, "crash-sender");
            sender.start();
            Await.until("200 acknowledged sends", Duration.ofSeconds(60), () -> acknowledged.size() >= 200);

            first.kill();
            sending.set(false);
            sender.join(30_000);
        }

        Set<String> acknowledgedAtKill = new HashSet<>(acknowledged);
        try (LauncherProcess second = LauncherProcess.start(dataDir, command);
             OfficialClients clients = new OfficialClients("127.0.0.1:" + nameServerPort)) {
            second.awaitLine(BROKER_LISTENING);
            DefaultLitePullConsumer reader = clients.litePullConsumer("cg-crash-reader");
            reader.setAutoCommit(false);
            reader.start();
            Set<MessageQueue> queues = new HashSet<>();
            Await.until("CrashTopic routed again", () -> {
                try {
                    queues.addAll(reader.fetchMessageQueues("CrashTopic"));
                    return !queues.isEmpty();
                } catch (Exception notYet) {
                    return false;
                }
            });
            // A new group that consumes from the first offset starts each queue at 0 without a seek, and a
            // seek right after assign can be lost to a pull already under way.
            reader.assign(queues);
            Set<String> served = new HashSet<>();
            Await.until("every acknowledged message served", Duration.ofSeconds(60), () -> {
                reader.poll(500).forEach(m -> served.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return served.containsAll(acknowledgedAtKill);
            });
            assertThat(served).containsAll(acknowledgedAtKill);
            second.terminate();
            second.awaitExit();
        }
    }
}
