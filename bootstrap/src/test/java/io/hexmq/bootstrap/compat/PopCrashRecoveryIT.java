package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.LauncherProcess;
import io.hexmq.bootstrap.RestartPorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone hexmq in a child process, killed with SIGKILL while a group holds popped messages, half of
 * them acked, then started again on the same data: a POP consumer of the group gets the unacked half again
 * (after their invisible time) and nothing of the acked half, although the group's consumer offsets were
 * never persisted before the kill.
 */
class PopCrashRecoveryIT {

    private static final Pattern BROKER_LISTENING = Pattern.compile("Broker broker-a of cluster .* listening on");
    private static final String TOPIC = "PopCrashTopic";
    private static final String GROUP = "cg-pop-crash";
    /**
     * Long enough for the five acks to land within it on a loaded machine (a 3 s one ran out there, and the
     * message whose ack came after it was revived, as RocketMQ revives it), short enough that the unacked half
     * comes back soon after the restart.
     */
    private static final long INVISIBLE_MILLIS = 10_000;

    @TempDir
    Path dataDir;

    @Test
    void aKilledBroker_losesNoUnackedMessage_andHandsOutNoAckedOneAgain() throws Exception {
        int nameServerPort = RestartPorts.port();
        int brokerPort = RestartPorts.brokerPort();
        String[] command = {"standalone", "--data", dataDir.toString(),
                "--namesrv-listen", "127.0.0.1:" + nameServerPort, "--broker-listen", "127.0.0.1:" + brokerPort,
                "--store", "file", "-DconsolePort=0", "-DflushDiskType=SYNC_FLUSH", "-DmappedFileSizeCommitLog=8388608",
                "-DdefaultMessageRequestMode=POP", "-DflushConsumerOffsetInterval=3600000",
                // the build machine's disk, not this test, decides how full it is
                "-DdiskMaxUsedSpaceRatio=95"};
        String broker = "127.0.0.1:" + brokerPort;
        Set<String> unacked = new HashSet<>();
        Set<String> acked = new HashSet<>();

        try (LauncherProcess first = LauncherProcess.start(dataDir, command);
             OfficialClients clients = new OfficialClients("127.0.0.1:" + nameServerPort)) {
            first.awaitLine(BROKER_LISTENING);
            DefaultMQProducer producer = clients.producer("pg-pop-crash");
            clients.createTopic(producer, broker, TOPIC, 1);
            for (int i = 0; i < 10; i++) {
                producer.send(new Message(TOPIC, "T", ("crash-" + i).getBytes(StandardCharsets.UTF_8)));
            }
            OfficialPopCalls calls = new OfficialPopCalls(producer, "broker-a", broker);
            PopResult popped = calls.pop(GROUP, TOPIC, 0, 10, INVISIBLE_MILLIS, false);
            assertThat(popped.getMsgFoundList()).hasSize(10);
            for (MessageExt message : popped.getMsgFoundList()) {
                if (message.getQueueOffset() % 2 == 0) {
                    assertThat(calls.ack(GROUP, TOPIC, message)).isEqualTo(AckStatus.OK);
                    acked.add(body(message));
                } else {
                    unacked.add(body(message));
                }
            }
            first.kill();
        }

        try (LauncherProcess second = LauncherProcess.start(dataDir, command);
             OfficialClients clients = new OfficialClients("127.0.0.1:" + nameServerPort)) {
            second.awaitLine(BROKER_LISTENING);
            Map<String, Integer> deliveries = new ConcurrentHashMap<>();
            DefaultMQPushConsumer consumer = clients.pushConsumer(GROUP);
            consumer.setClientRebalance(false);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(m -> deliveries.merge(body(m), 1, Integer::sum));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            // One more message after the crash: once it is consumed, a POP has gone past the old messages.
            clients.producer("pg-pop-crash").send(new Message(TOPIC, "T", "after".getBytes(StandardCharsets.UTF_8)));

            Await.until("the unacked messages delivered again", Duration.ofSeconds(60),
                    () -> deliveries.keySet().containsAll(unacked) && deliveries.containsKey("after"));
            assertThat(deliveries.keySet()).doesNotContainAnyElementsOf(acked);
            second.terminate();
            second.awaitExit();
        }
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

}
