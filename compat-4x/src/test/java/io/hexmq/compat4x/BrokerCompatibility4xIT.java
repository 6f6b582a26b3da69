package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.impl.consumer.PullResultExt;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.filter.ExpressionType;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.common.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Broker as programs written against the official 4.9.x client see it. Where 4.x speaks differently
 * from 5.x (protocol.md): the lite pull consumer pulls with PULL_MESSAGE (11) and the lite flag instead
 * of LITE_PULL_MESSAGE (361), a plain send always carries the batch flag {@code m=false}, heartbeats are
 * version 1, and the broker's version in its replies decides what the client dares to ask.
 */
class BrokerCompatibility4xIT {

    /** Level 2 is two seconds, every other level one: a delivery after two seconds shows the level was read. */
    private static final String DELAY_LEVELS = "1s 2s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("messageDelayLevel", DELAY_LEVELS))
            .withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-broker-4x");
    }

    private static Message message(String topic, String tag, String body) {
        Message message = new Message(topic, tag, body, body.getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("client", "4.9.8");
        return message;
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    /** Starts a push consumer of {@code group} on {@code topic} that keeps the last delivery of each body. */
    private DefaultMQPushConsumer consume(String group, String topic, String expression, Map<String, MessageExt> into)
            throws Exception {
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer(group);
        consumer.subscribe(topic, expression);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(message -> into.put(body(message), message));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }

    @Test
    void syncAsyncOnewayAndBatchSends_reachAPushConsumer_underTheIdsAndOffsetsTheProducerGot() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "Sends4x", 4);
        List<SendResult> sync = new ArrayList<>();
        Map<String, SendResult> async = new ConcurrentHashMap<>();
        for (int i = 0; i < 5; i++) {
            sync.add(producer.send(message("Sends4x", "TagA", "sync-" + i)));
            String asyncBody = "async-" + i;
            producer.send(message("Sends4x", "TagB", asyncBody), new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    async.put(asyncBody, result);
                }

                @Override
                public void onException(Throwable e) {
                    throw new AssertionError(e);
                }
            });
            producer.sendOneway(message("Sends4x", "TagC", "oneway-" + i));
        }
        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(message("Sends4x", "TagD", "batch-" + i));
        }
        SendResult batchResult = producer.send(batch);

        assertThat(sync).extracting(SendResult::getSendStatus).containsOnly(SendStatus.SEND_OK);
        assertThat(batchResult.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        Await.until("5 async acknowledgements", () -> async.size() == 5);

        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = consume("cg-sends-4x", "Sends4x", "*", received);
        Await.until("20 messages consumed", Duration.ofSeconds(60), () -> received.size() == 20);

        for (int i = 0; i < 5; i++) {
            MessageExt delivered = received.get("sync-" + i);
            assertThat(delivered.getMsgId()).isEqualTo(sync.get(i).getMsgId());
            assertThat(delivered.getQueueId()).isEqualTo(sync.get(i).getMessageQueue().getQueueId());
            assertThat(delivered.getQueueOffset()).isEqualTo(sync.get(i).getQueueOffset());
            assertThat(received.get("async-" + i).getMsgId()).isEqualTo(async.get("async-" + i).getMsgId());
            assertThat(received.get("oneway-" + i).getTags()).isEqualTo("TagC");
        }
        List<String> batchIds = List.of(batchResult.getMsgId().split(","));
        assertThat(batchIds).hasSize(5);
        for (int i = 0; i < 5; i++) {
            MessageExt delivered = received.get("batch-" + i);
            assertThat(delivered.getMsgId()).isEqualTo(batchIds.get(i));
            assertThat(delivered.getQueueId()).isEqualTo(batchResult.getMessageQueue().getQueueId());
            assertThat(delivered.getQueueOffset()).isEqualTo(batchResult.getQueueOffset() + i);
        }
        assertThat(received.values()).allSatisfy(delivered -> {
            assertThat(delivered.getTopic()).isEqualTo("Sends4x");
            assertThat(delivered.getKeys()).isEqualTo(body(delivered));
            assertThat(delivered.getUserProperty("client")).isEqualTo("4.9.8");
        });
        // The client refuses SQL92 pulls from brokers it believes older than 4.1.0.
        assertThat(consumer.getDefaultMQPushConsumerImpl().getmQClientFactory()
                .findBrokerVersion(hexmq.server().brokerName(), hexmq.server().broker()))
                .isGreaterThanOrEqualTo(MQVersion.Version.V4_1_0_SNAPSHOT.ordinal());
    }

    @Test
    void aRestartedPushConsumer_resumesAfterTheOffsetsItCommitted() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "Offsets4x", 2);
        for (int i = 0; i < 10; i++) {
            producer.send(message("Offsets4x", "T", "first-" + i));
        }
        Map<String, MessageExt> firstRun = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = consume("cg-offsets-4x", "Offsets4x", "*", firstRun);
        Await.until("the first 10", Duration.ofSeconds(60), () -> firstRun.size() == 10);
        // The client records a batch as consumed only after its listener returns: shutting down before the broker
        // holds all 10 would redeliver the last ones (at least once), which is not what this test is about.
        Await.until("all 10 committed on the broker", Duration.ofSeconds(60), () -> committedOffsets4x() == 10);
        consumer.shutdown();

        for (int i = 0; i < 5; i++) {
            producer.send(message("Offsets4x", "T", "second-" + i));
        }
        Map<String, MessageExt> secondRun = new ConcurrentHashMap<>();
        consume("cg-offsets-4x", "Offsets4x", "*", secondRun);

        // A queue delivers in offset order: had the offsets been lost, a first-* would come before its second-*.
        Await.until("the 5 new messages", Duration.ofSeconds(60),
                () -> secondRun.keySet().stream().filter(b -> b.startsWith("second-")).count() == 5);
        assertThat(secondRun.keySet()).allSatisfy(b -> assertThat(b).startsWith("second-"));
    }

    /** What cg-offsets-4x has committed on the broker over both queues of Offsets4x; -1 while a queue has none. */
    private long committedOffsets4x() {
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        long sum = 0;
        for (int queueId = 0; queueId < 2; queueId++) {
            QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
            header.setConsumerGroup("cg-offsets-4x");
            header.setTopic("Offsets4x");
            header.setQueueId(queueId);
            try {
                sum += api.queryConsumerOffset(hexmq.server().broker(), header, 5_000);
            } catch (Exception notCommittedYet) {
                return -1;
            }
        }
        return sum;
    }

    @Test
    void litePullConsumer_assignedAndSought_pollsFromTheSoughtOffset_andCommitsToTheBroker() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "Lite4x", 2);
        for (int i = 0; i < 20; i++) {
            producer.send(message("Lite4x", "T", "lite-" + i), (queues, msg, arg) -> queues.get(0), null);
        }
        MessageQueue queue0 = OfficialClients.queue("Lite4x", hexmq.server().brokerName(), 0);

        DefaultLitePullConsumer consumer = hexmq.clients().litePullConsumer("cg-lite-4x");
        consumer.setAutoCommit(false);
        consumer.setPersistConsumerOffsetInterval(1_000);
        OfficialClients.startAt(consumer, queue0, 15);
        List<MessageExt> polled = new ArrayList<>();
        Await.until("5 polled messages", Duration.ofSeconds(60), () -> {
            polled.addAll(consumer.poll(500));
            return polled.size() >= 5;
        });
        consumer.commitSync();

        assertThat(polled).extracting(BrokerCompatibility4xIT::body)
                .containsExactly("lite-15", "lite-16", "lite-17", "lite-18", "lite-19");
        assertThat(polled).extracting(MessageExt::getQueueOffset).containsExactly(15L, 16L, 17L, 18L, 19L);
        // committed() reads the broker's copy (QUERY_CONSUMER_OFFSET), written by the client's periodic persist.
        Await.until("offset 20 committed on the broker", Duration.ofSeconds(60), () -> committed(consumer, queue0) == 20);
    }

    private static long committed(DefaultLitePullConsumer consumer, MessageQueue queue) {
        try {
            return consumer.committed(queue);
        } catch (Exception notYet) {
            return -1;
        }
    }

    @Test
    void tagSubscriptions_areFilteredOnTheBroker_fromTheHeartbeat_andFromALitePullsOwnExpression() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "Tags4x", 1);
        for (String tagged : List.of("TagA-1", "TagB-1", "TagC-1", "TagB-2", "TagA-2")) {
            producer.send(message("Tags4x", tagged.substring(0, 4), tagged));
        }
        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        consume("cg-tags-4x", "Tags4x", "TagA || TagC", received);
        Await.until("the TagA and TagC messages", Duration.ofSeconds(60), () -> received.size() >= 3);
        assertThat(received.keySet()).containsExactlyInAnyOrder("TagA-1", "TagC-1", "TagA-2");

        // The client filters again by tag, so only the raw pull shows what the broker sent. A push
        // consumer's pull names no expression: the broker takes the one from the group's heartbeat.
        int pushFlags = PullSysFlag.buildSysFlag(false, false, false, false);
        PullResultExt fromHeartbeat = rawPull("cg-tags-4x", pushFlags, null);
        int liteFlags = PullSysFlag.buildSysFlag(false, false, true, false, true);
        PullResultExt fromLitePull = rawPull("cg-lite-tags-4x", liteFlags, "TagB");

        assertThat(fromHeartbeat.getPullStatus()).isEqualTo(PullStatus.FOUND);
        assertThat(decodedBodies(fromHeartbeat)).containsExactly("TagA-1", "TagC-1", "TagA-2");
        assertThat(fromHeartbeat.getNextBeginOffset()).isEqualTo(5);
        assertThat(fromLitePull.getPullStatus()).isEqualTo(PullStatus.FOUND);
        assertThat(decodedBodies(fromLitePull)).containsExactly("TagB-1", "TagB-2");
        assertThat(fromLitePull.getNextBeginOffset()).isEqualTo(5);
    }

    /** PULL_MESSAGE (11) through the 4.9.8 client's own API, which is how its lite consumer pulls. */
    private PullResultExt rawPull(String group, int sysFlag, String subscription) throws Exception {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic("Tags4x");
        header.setQueueId(0);
        header.setQueueOffset(0L);
        header.setMaxMsgNums(32);
        header.setSysFlag(sysFlag);
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(0L);
        header.setSubscription(subscription);
        header.setSubVersion(0L);
        header.setExpressionType(ExpressionType.TAG);
        return (PullResultExt) producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl()
                .pullMessage(hexmq.server().broker(), header, 5_000, CommunicationMode.SYNC, null);
    }

    private static List<String> decodedBodies(PullResultExt result) {
        return MessageDecoder.decodes(ByteBuffer.wrap(result.getMessageBinary())).stream()
                .map(BrokerCompatibility4xIT::body).toList();
    }

    @Test
    void aMessageWithDelayLevel2_isDeliveredAfterThatLevelsTwoSeconds_underItsOwnId() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "Delay4x", 1);
        Message delayed = message("Delay4x", "T", "later");
        delayed.setDelayTimeLevel(2);
        SendResult sent = producer.send(delayed);

        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        consume("cg-delay-4x", "Delay4x", "*", received);
        Await.until("the delayed message", Duration.ofSeconds(60), () -> received.containsKey("later"));

        MessageExt delivered = received.get("later");
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(delivered.getMsgId()).isEqualTo(sent.getMsgId());
        assertThat(delivered.getTopic()).isEqualTo("Delay4x");
        assertThat(delivered.getUserProperty("client")).isEqualTo("4.9.8");
        assertThat(delivered.getStoreTimestamp() - delivered.getBornTimestamp()).isGreaterThanOrEqualTo(2_000);
    }
}
