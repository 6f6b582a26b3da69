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
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone hexmq in a child process, killed with SIGKILL while a producer's first sends create topics
 * from {@code TBW102} (each saved as a record of the topic change log, not a rewrite of {@code topics.json}),
 * then started again on the same data: every topic whose send was acknowledged is hosted again.
 */
class TopicCrashRecoveryIT {

    private static final Pattern BROKER_LISTENING = Pattern.compile("Broker broker-a of cluster .* listening on");

    @TempDir
    Path dataDir;

    @Test
    void hostsEveryTopicAFirstSendCreated_afterAKillDuringTheCreations() throws Exception {
        int nameServerPort = RestartPorts.port();
        int brokerPort = RestartPorts.brokerPort();
        String[] command = {"standalone", "--data", dataDir.toString(),
                "--namesrv-listen", "127.0.0.1:" + nameServerPort, "--broker-listen", "127.0.0.1:" + brokerPort,
                "-DconsolePort=0", "-DautoCreateTopicEnable=true", "-DdiskMaxUsedSpaceRatio=95"};
        Set<String> created = ConcurrentHashMap.newKeySet();

        try (LauncherProcess first = LauncherProcess.start(dataDir, command);
             OfficialClients clients = new OfficialClients("127.0.0.1:" + nameServerPort)) {
            first.awaitLine(BROKER_LISTENING);
            DefaultMQProducer producer = clients.producer("pg-topic-crash");
            producer.setRetryTimesWhenSendFailed(0);
            AtomicBoolean sending = new AtomicBoolean(true);
            Thread sender = new Thread(() -> {
                for (int i = 0; sending.get(); i++) {
                    String topic = "Created-" + i;
                    try {
                        if (producer.send(new Message(topic, "T", topic.getBytes(StandardCharsets.UTF_8)))
                                .getSendStatus() == SendStatus.SEND_OK) {
                            created.add(topic);
                        }
                    } catch (Exception expectedOnceKilled) {
                        return;
                    }
                }
            }, "topic-creating-sender");
            sender.start();
            Await.until("40 topics created by first sends", Duration.ofSeconds(90), () -> created.size() >= 40);

            first.kill();
            sending.set(false);
            sender.join(30_000);
        }

        Set<String> createdAtKill = new HashSet<>(created);
        try (LauncherProcess second = LauncherProcess.start(dataDir, command)) {
            second.awaitLine(BROKER_LISTENING);
            DefaultMQAdminExt admin = OfficialClients.startedAdmin("127.0.0.1:" + nameServerPort, "topic-crash");
            try {
                Set<String> hosted = admin.getAllTopicConfig("127.0.0.1:" + brokerPort, 10_000)
                        .getTopicConfigTable().keySet();
                assertThat(hosted).containsAll(createdAtKill);
            } finally {
                admin.shutdown();
            }
            second.terminate();
            second.awaitExit();
        }
    }
}
