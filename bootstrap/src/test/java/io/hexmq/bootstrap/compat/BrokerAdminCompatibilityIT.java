package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.ConsumeQueueData;
import org.apache.rocketmq.remoting.protocol.body.ConsumerConnection;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.QueryConsumeQueueResponseBody;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.command.message.QueryMsgByKeySubCommand;
import org.apache.rocketmq.tools.command.topic.TopicListSubCommand;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * What RocketMQ's admin tooling (mqadmin / DefaultMQAdminExt, through MQClientAPIImpl) reads from a
 * broker: real figures after real traffic, never placeholders.
 */
@Isolated(OfficialMqadmin.SWAPS_SYSTEM_OUT)
class BrokerAdminCompatibilityIT {

    private static final long TIMEOUT = 5_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQProducer producer;
    private MQClientAPIImpl admin;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-admin");
        admin = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "AdminTopic", 2);
    }

    private SendResult send(int queueId, String body) throws Exception {
        return producer.send(new Message("AdminTopic", "T", body.getBytes(StandardCharsets.UTF_8)),
                (queues, message, arg) -> queues.get(queueId), null);
    }

    @Test
    void topicStatsConsumeStatsAndConnectionsReportRealFigures() throws Exception {
        for (int i = 0; i < 6; i++) {
            send(i % 2, "m" + i);
        }
        TopicStatsTable stats = admin.getTopicStatsInfo(hexmq.server().broker(), "AdminTopic", TIMEOUT);
        assertThat(stats.getOffsetTable()).hasSize(2);
        assertThat(stats.getOffsetTable().values()).allSatisfy(offsets -> {
            assertThat(offsets.getMinOffset()).isZero();
            assertThat(offsets.getMaxOffset()).isEqualTo(3);
            assertThat(offsets.getLastUpdateTimestamp()).isPositive();
        });

        Map<String, MessageExt> consumed = hexmq.clients().consumeByBody("cg-admin", "AdminTopic", "*");
        Await.until("6 consumed", () -> consumed.size() == 6);
        Await.until("committed offsets reach the broker", () -> lag("cg-admin") == 0);

        ConsumeStats consumeStats = admin.getConsumeStats(hexmq.server().broker(), "cg-admin", "AdminTopic", TIMEOUT);
        assertThat(consumeStats.getOffsetTable()).hasSize(2);
        for (Map.Entry<MessageQueue, OffsetWrapper> entry : consumeStats.getOffsetTable().entrySet()) {
            assertThat(entry.getKey().getTopic()).isEqualTo("AdminTopic");
            assertThat(entry.getValue().getBrokerOffset()).isEqualTo(3);
            assertThat(entry.getValue().getConsumerOffset()).isEqualTo(3);
            assertThat(entry.getValue().getLastTimestamp()).isPositive();
        }

        ConsumerConnection connections = admin.getConsumerConnectionList(hexmq.server().broker(), "cg-admin", TIMEOUT);
        assertThat(connections.getConnectionSet()).hasSize(1);
        assertThat(connections.getSubscriptionTable()).containsKey("AdminTopic");
        assertThat(admin.getConsumerIdListByGroup(hexmq.server().broker(), "cg-admin", TIMEOUT)).hasSize(1);

        Await.until("the group's fetch rate is sampled (every 10 s)", Duration.ofSeconds(30),
                () -> consumeTps("cg-admin") > 0);
    }

    private double consumeTps(String group) {
        try {
            return admin.getConsumeStats(hexmq.server().broker(), group, "AdminTopic", TIMEOUT).getConsumeTps();
        } catch (Exception notYet) {
            return -1;
        }
    }

    private long lag(String group) {
        try {
            ConsumeStats stats = admin.getConsumeStats(hexmq.server().broker(), group, "AdminTopic", TIMEOUT);
            return stats.getOffsetTable().values().stream()
                    .mapToLong(o -> o.getBrokerOffset() - o.getConsumerOffset()).sum();
        } catch (Exception notYet) {
            return -1;
        }
    }

    @Test
    void runtimeInfoAndBrokerConfigDescribeThisBroker() throws Exception {
        for (int i = 0; i < 5; i++) {
            send(0, "r" + i);
        }

        KVTable runtime = admin.getBrokerRuntimeInfo(hexmq.server().broker(), TIMEOUT);
        assertThat(runtime.getTable()).containsKeys("brokerVersionDesc", "putTps", "getTransferredTps",
                "msgPutTotalTodayNow", "commitLogDiskRatio", "earliestMessageTimeStamp");
        assertThat(Long.parseLong(runtime.getTable().get("msgPutTotalTodayNow"))).isGreaterThanOrEqualTo(5);
        assertThat(Long.parseLong(runtime.getTable().get("earliestMessageTimeStamp"))).isPositive();
        assertThat(Double.parseDouble(runtime.getTable().get("putMessageAverageSize"))).as("mqadmin brokerStatus")
                .isGreaterThan("r0".length());
        assertThat(Double.parseDouble(runtime.getTable().get("consumeQueueDiskRatio"))).isBetween(0.0, 1.0);
        assertThat(runtime.getTable()).containsKeys("ackThreadPoolQueueSize", "ackThreadPoolQueueCapacity",
                "queryThreadPoolQueueSize", "litePullThreadPoolQueueHeadWaitTimeMills", "EndTransactionQueueSize",
                "putMessageSizeTotal", "remainTransientStoreBufferNumbs");
        assertThat(runtime.getTable().get("commitLogDirCapacity")).matches("Total : .+, Free : .+\\.");
        String commitLogRatio = "commitLogDiskRatio_" + hexmq.server().dataDir().resolve("store/commitlog");
        assertThat(Double.parseDouble(runtime.getTable().get(commitLogRatio))).as(commitLogRatio).isBetween(0.0, 1.0);
        assertThat(runtime.getTable()).containsEntry("dispatchBehindBytes", "0")
                .containsEntry("brokerVersionDesc", "V5_5_0");
        assertThat(runtime.getTable().get("remainHowManyDataToFlush")).matches("\\d+ B|\\d+\\.\\d [KMGTPE]iB");
        Message delayed = new Message("AdminTopic", "T", "delayed".getBytes(StandardCharsets.UTF_8));
        delayed.setDelayTimeLevel(1);
        producer.send(delayed);
        Await.until("level 1 (1 s) delivers its one message", () -> "1,1".equals(runtimeValue("scheduleMessageOffset_1")));

        Properties config = admin.getBrokerConfig(hexmq.server().broker(), TIMEOUT);
        assertThat(config.getProperty("brokerName")).isEqualTo(hexmq.server().brokerName());
        assertThat(config.getProperty("storeType")).isEqualTo("file");

        assertThat(admin.getAllTopicConfig(hexmq.server().broker(), TIMEOUT).getTopicConfigTable())
                .containsKeys("AdminTopic", "TBW102");
    }

    private String runtimeValue(String key) {
        try {
            return admin.getBrokerRuntimeInfo(hexmq.server().broker(), TIMEOUT).getTable().get(key);
        } catch (Exception notYet) {
            return null;
        }
    }

    @Test
    void resettingAGroupsOffsetsByTimeRewindsItsConsumers() throws Exception {
        long before = System.currentTimeMillis();
        for (int i = 0; i < 4; i++) {
            send(i % 2, "reset-" + i);
        }
        Map<String, Integer> deliveries = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-reset");
        consumer.subscribe("AdminTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> deliveries.merge(new String(m.getBody(), StandardCharsets.UTF_8), 1, Integer::sum));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        Await.until("4 consumed", () -> deliveries.size() == 4);
        Await.until("offsets committed", () -> lag("cg-reset") == 0);

        Map<MessageQueue, Long> reset = admin.invokeBrokerToResetOffset(hexmq.server().broker(), "AdminTopic",
                "cg-reset", before - 1_000, true, TIMEOUT);

        assertThat(reset).hasSize(2).allSatisfy((queue, offset) -> assertThat(offset).isZero());
        Await.until("every message delivered again", () -> deliveries.values().stream().allMatch(count -> count >= 2));
    }

    @Test
    void queryCqShowsWhereEachEntryLies_andHousekeepingKeepsLiveTopics() throws Exception {
        List<Long> commitLogOffsets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            commitLogOffsets.add(MessageDecoder.decodeMessageId(send(0, "cq-" + i).getOffsetMsgId()).getOffset());
        }
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-cq");
        consumer.subscribe("AdminTopic", "T");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        consumer.start();
        Await.until("the group's subscription reaches the broker",
                () -> queryCq(1, 5, "cg-cq").getSubscriptionData() != null);

        QueryConsumeQueueResponseBody cq = queryCq(1, 5, "cg-cq");
        assertThat(cq.getMinQueueIndex()).isZero();
        assertThat(cq.getMaxQueueIndex()).isEqualTo(3);
        assertThat(cq.getQueueData()).extracting(ConsumeQueueData::getPhysicOffset)
                .containsExactlyElementsOf(commitLogOffsets.subList(1, 3));
        assertThat(cq.getQueueData()).allSatisfy(entry -> {
            assertThat(entry.getTagsCode()).isEqualTo("T".hashCode());
            assertThat(entry.getPhysicSize()).isGreaterThan(0);
        });
        assertThat(cq.getSubscriptionData().getSubString()).isEqualTo("T");
        assertThat(cq.getFilterData()).isEqualTo("null");
        assertThat(queryCq(0, 10, "cg-nobody").getFilterData()).isEqualTo("cg-nobody@AdminTopic is not online!");
        assertThatThrownBy(() -> admin.queryConsumeQueue(hexmq.server().broker(), "AdminTopic", 5, 0, 1, null, TIMEOUT))
                .isInstanceOfSatisfying(MQClientException.class, refused -> assertThat(refused.getResponseCode())
                        .isEqualTo(ResponseCode.SYSTEM_ERROR));

        assertThat(admin.cleanExpiredConsumeQueue(hexmq.server().broker(), TIMEOUT)).isTrue();
        assertThat(admin.deleteExpiredCommitLog(hexmq.server().broker(), TIMEOUT)).isTrue();
        assertThat(admin.cleanUnusedTopicByAddr(hexmq.server().broker(), TIMEOUT)).isTrue();
        assertThat(queryCq(0, 10, null).getQueueData()).as("a configured topic within fileReservedTime stays")
                .extracting(ConsumeQueueData::getPhysicOffset).containsExactlyElementsOf(commitLogOffsets);
    }

    private QueryConsumeQueueResponseBody queryCq(long index, int count, String group) {
        try {
            return admin.queryConsumeQueue(hexmq.server().broker(), "AdminTopic", 0, index, count, group, TIMEOUT);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void staticTopicsAreRefused_sayingHexmqHasNoStaticTopicMapping() throws Exception {
        assertThat(admin.getTopicConfig(hexmq.server().broker(), "AdminTopic", TIMEOUT).getMappingDetail())
                .as("GET_TOPIC_CONFIG with lo: no logic queues").isNull();
        TopicQueueMappingDetail mapping = new TopicQueueMappingDetail("StaticTopic", 2, hexmq.server().brokerName(), 1);

        assertThatThrownBy(() -> admin.createStaticTopic(hexmq.server().broker(), "TBW102",
                new TopicConfig("StaticTopic", 2, 2, 6), mapping, false, TIMEOUT))
                .isInstanceOfSatisfying(MQBrokerException.class, refused -> {
                    assertThat(refused.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                    assertThat(refused.getErrorMessage()).contains("hexmq has no static topic mapping");
                });
        assertThatThrownBy(() -> admin.getTopicConfig(hexmq.server().broker(), "StaticTopic", TIMEOUT))
                .isInstanceOfSatisfying(MQBrokerException.class, missing -> assertThat(missing.getResponseCode())
                        .isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
    }

    @Test
    void haStatusIsAStandaloneMastersWithoutSlaves_andResetMasterFlushOffsetIsAccepted() throws Exception {
        long end = MessageDecoder.decodeMessageId(send(0, "ha").getOffsetMsgId()).getOffset();

        HARuntimeInfo ha = admin.getBrokerHAStatus(hexmq.server().broker(), TIMEOUT);

        assertThat(ha.isMaster()).isTrue();
        assertThat(ha.getMasterCommitLogMaxOffset()).isGreaterThan(end);
        assertThat(ha.getInSyncSlaveNums()).isZero();
        assertThat(ha.getHaConnectionInfo()).isEmpty();
        admin.resetMasterFlushOffset(hexmq.server().broker(), 0);
    }

    @Test
    void queryMsgByKeyAndByUniqueKey_findTaggedMessages_asMqadminAsksForThem() throws Exception {
        SendResult tagged = producer.send(new Message("AdminTopic", "TagA", "order-7 shared", "a".getBytes(StandardCharsets.UTF_8)));
        SendResult other = producer.send(new Message("AdminTopic", "TagB", "shared", "b".getBytes(StandardCharsets.UTF_8)));
        DefaultMQAdminExt ext = OfficialClients.startedAdmin(hexmq.server().nameServer(), "admin-query");
        try {
            // queryMsgByKey -t -k [-c]: maxNum 64, from 0 to Long.MAX_VALUE unless -b/-e say otherwise
            QueryResult byKey = ext.queryMessage(hexmq.server().clusterName(), "AdminTopic", "shared", 64, 0, Long.MAX_VALUE);
            assertThat(byKey.getMessageList()).extracting(MessageExt::getMsgId)
                    .containsExactlyInAnyOrder(tagged.getMsgId(), other.getMsgId());
            assertThat(byKey.getMessageList()).extracting(MessageExt::getTags).containsExactlyInAnyOrder("TagA", "TagB");
            assertThat(ext.queryMessage(null, "AdminTopic", "order-7", 64, 0, Long.MAX_VALUE).getMessageList())
                    .extracting(MessageExt::getMsgId).containsExactly(tagged.getMsgId());
            assertThat(ext.queryMessage(null, "AdminTopic", "shared", 1, 0, Long.MAX_VALUE).getMessageList()).hasSize(1);
            assertThat(String.join("\n", OfficialMqadmin.run(new QueryMsgByKeySubCommand(), hexmq.server().nameServer(),
                    "-t", "AdminTopic", "-k", "shared"))).as("mqadmin queryMsgByKey's rows")
                    .contains(tagged.getMsgId(), other.getMsgId());

            // queryMsgByUniqueKey -t -i [-c]: by the msgId the producer printed, 32 at most, any time
            QueryResult byId = ext.queryMessageByUniqKey(hexmq.server().clusterName(), "AdminTopic", tagged.getMsgId(),
                    32, 0, Long.MAX_VALUE);
            assertThat(byId.getMessageList()).singleElement().satisfies(found -> {
                assertThat(found.getTags()).isEqualTo("TagA");
                assertThat(found.getKeys()).isEqualTo("order-7 shared");
            });
            assertThat(ext.viewMessage("AdminTopic", tagged.getMsgId()).getTags()).isEqualTo("TagA");
        } finally {
            ext.shutdown();
        }
    }

    @Test
    void topicListInClusterMode_showsATopicJustCreated_withItsClusterAndItsConsumers() throws Exception {
        String cluster = hexmq.server().clusterName();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-list");
        consumer.subscribe("AdminTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        consumer.start();
        Await.until("the group's subscription reaches the broker",
                () -> topicListRows().contains(cluster + " AdminTopic cg-list"));

        admin.createTopic(hexmq.server().broker(), "TBW102", new TopicConfig("JustCreated", 1, 1, 6), TIMEOUT);

        assertThat(topicListRows()).as("mqadmin topicList -c right after the topic was created")
                .contains(cluster + " JustCreated", cluster + " AdminTopic cg-list");
    }

    /** {@code mqadmin topicList -c}'s rows, cells joined by one space: cluster, topic, and a consumer group if any. */
    private List<String> topicListRows() {
        try {
            return OfficialMqadmin.run(new TopicListSubCommand(), hexmq.server().nameServer(), "-c").stream()
                    .skip(1).map(row -> String.join(" ", row.trim().split("\\s+"))).toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
