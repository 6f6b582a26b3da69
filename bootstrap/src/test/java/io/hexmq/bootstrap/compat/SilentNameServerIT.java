package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.BrokerNode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.RawConfig;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.ClientRemotingProcessor;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker, started the way the launcher starts it, whose only NameServer accepts the connection and
 * never answers: every registration waits out its whole timeout, yet what creates topics on the
 * request path (a send to a new topic, a new group's first heartbeat, send-backs to the retry topic and
 * to the DLQ) is answered within a few seconds, because requests only mark the registration and the
 * registrar waits on its own thread. Each call's own timeout is the bound; a call waiting for the
 * registration would run into it. An admin's topic creation is answered once the registration that
 * carries it has timed out, as when it registered on its own thread, yet holds none of the broker's
 * admin threads meanwhile: the admin requests made while it waits are answered promptly.
 */
class SilentNameServerIT {

    /** How long a registration waits for the silent NameServer; the broker's start waits it out once. */
    private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(6);
    /** Each request must be answered within this, far less than one registration takes. */
    private static final long ANSWER_BOUND_MILLIS = 3_000;
    /**
     * An admin's topic creation waits for the registration under way, if any, and then for its own:
     * two registrations at most.
     */
    private static final long CREATION_BOUND_MILLIS = 3 * REGISTRATION_TIMEOUT.toMillis();
    /** More creations than the broker has admin threads (two). */
    private static final int CREATIONS = 3;
    private static final String BROKER_NAME = "broker-a";
    private static final String TOPIC = "SilentNameServerTopic";
    private static final String GROUP = "silent-ns-consumers";

    @TempDir
    Path dataDir;

    private ServerSocket silentNameServer;
    private BrokerNode broker;
    private MQClientAPIImpl client;

    @BeforeEach
    void startABrokerWhoseNameServerNeverAnswers() throws Exception {
        // The kernel completes the handshake from the backlog; nothing ever reads or answers.
        silentNameServer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("namesrvAddr", "127.0.0.1:" + silentNameServer.getLocalPort());
        raw.put("brokerName", BROKER_NAME);
        raw.put("listenPort", Integer.toString(FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port()));
        raw.put("storePathRootDir", dataDir.resolve("store").toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
        raw.put("diskMaxUsedSpaceRatio", "95");
        raw.put("registerBrokerTimeoutMills", Long.toString(REGISTRATION_TIMEOUT.toMillis()));
        broker = BrokerNode.start(BrokerConfig.from(RawConfig.of(raw)));
        client = new MQClientAPIImpl(new NettyClientConfig(), new ClientRemotingProcessor(null), null,
                new ClientConfig());
        client.start();
    }

    @AfterEach
    void stopEverything() throws Exception {
        if (client != null) {
            client.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
        silentNameServer.close();
    }

    @Test
    void answersTopicCreatingSendsHeartbeatsAndSendBacksPromptly_whileItsNameServerNeverAnswers()
            throws Exception {
        String address = broker.address().toString();

        SendResult sent = client.sendMessage(address, BROKER_NAME,
                new Message(TOPIC, "first".getBytes(StandardCharsets.UTF_8)), sendHeader(TOPIC), ANSWER_BOUND_MILLIS,
                CommunicationMode.SYNC, null, null);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        client.sendHeartbeat(address, ConsumerHeartbeats.of("silent-ns-client", GROUP, TOPIC), ANSWER_BOUND_MILLIS);

        MessageExt failed = new MessageExt();
        failed.setTopic(TOPIC);
        failed.setMsgId(sent.getMsgId());
        failed.setCommitLogOffset(MessageDecoder.decodeMessageId(sent.getOffsetMsgId()).getOffset());
        client.consumerSendMessageBack(address, BROKER_NAME, failed, GROUP, 0, ANSWER_BOUND_MILLIS, 16);
        // A group never seen before, straight to its DLQ: its retry and DLQ topics are created on the spot.
        client.consumerSendMessageBack(address, BROKER_NAME, failed, "silent-ns-newcomers", -1, ANSWER_BOUND_MILLIS,
                16);
    }

    @Test
    void answersAnAdminsTopicCreationsOnceTheirRegistrationTimedOut_withoutHoldingAnAdminThreadMeanwhile()
            throws Exception {
        String address = broker.address().toString();
        ExecutorService admins = Executors.newFixedThreadPool(CREATIONS);
        try {
            List<CompletableFuture<Void>> creations = new ArrayList<>();
            for (int i = 0; i < CREATIONS; i++) {
                TopicConfig topic = new TopicConfig(TOPIC + "-admin-" + i, 2, 2, 6);
                creations.add(CompletableFuture.runAsync(() -> createTopic(address, topic), admins));
            }

            // Each look-up is an admin request too, answered within its bound or failing the test.
            Await.until("every creation stored on the broker", Duration.ofMillis(CREATION_BOUND_MILLIS),
                    () -> IntStream.range(0, CREATIONS).allMatch(i -> hosts(address, TOPIC + "-admin-" + i)));
            client.sendHeartbeat(address, ConsumerHeartbeats.of("silent-ns-client", GROUP, TOPIC), ANSWER_BOUND_MILLIS);

            assertThat(creations).as("the creations wait for their registration")
                    .allSatisfy(creation -> assertThat(creation).isNotDone());
            CompletableFuture.allOf(creations.toArray(CompletableFuture[]::new))
                    .get(CREATION_BOUND_MILLIS, TimeUnit.MILLISECONDS);
        } finally {
            admins.shutdownNow();
        }
    }

    private void createTopic(String address, TopicConfig topic) {
        try {
            client.createTopic(address, "TBW102", topic, CREATION_BOUND_MILLIS);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    private boolean hosts(String address, String topic) {
        try {
            return client.getTopicConfig(address, topic, ANSWER_BOUND_MILLIS) != null;
        } catch (MQBrokerException notYet) {
            return false;
        } catch (Exception e) {
            throw new AssertionError("GET_TOPIC_CONFIG not answered within " + ANSWER_BOUND_MILLIS + " ms", e);
        }
    }

    /** A plain send's header, as the official producer fills it, to queue 0 of {@code topic}. */
    static SendMessageRequestHeader sendHeader(String topic) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("silent-ns-producers");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        header.setProperties("");
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        return header;
    }

}
