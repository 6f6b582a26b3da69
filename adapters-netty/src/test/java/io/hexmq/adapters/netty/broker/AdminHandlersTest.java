package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.admin.TopicOffset;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.Connection;
import org.apache.rocketmq.remoting.protocol.body.ConsumerConnection;
import org.apache.rocketmq.remoting.protocol.body.ConsumerOffsetSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.ProducerConnection;
import org.apache.rocketmq.remoting.protocol.body.ProducerTableInfo;
import org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody;
import org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupWrapper;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/**
 * The admin handlers (what mqadmin and DefaultMQAdminExt send), with every JSON body they answer
 * decoded by the official classes, and the offset reset pushed to clients as RESET_CONSUMER_CLIENT_OFFSET.
 */
class AdminHandlersTest {

    private static final String TOPIC = ClientHandlersTest.TOPIC;
    private static final String GROUP = ClientHandlersTest.GROUP;

    private final BrokerHandlers handlers = new BrokerHandlers();
    private final TestBroker broker = handlers.broker;
    private final TestPeer admin = new TestPeer("conn-admin", 41_000);
    private final TestPeer consumer = new TestPeer("conn-consumer", 41_001);

    private RemotingCommand call(RemotingCommand.Builder request) {
        return handlers.call(request.build(), admin);
    }

    private RemotingCommand createTopic(String topic) {
        return call(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC).extField("topic", topic)
                .extField("defaultTopic", "TBW102").extField("readQueueNums", 2).extField("writeQueueNums", 3)
                .extField("perm", 6).extField("topicFilterType", "MULTI_TAG").extField("topicSysFlag", 1)
                .extField("order", true).extField("attributes", "+message.type=FIFO"));
    }

    private void heartbeat() {
        handlers.call(RemotingCommand.request(RequestCode.HEART_BEAT)
                .body(ClientHandlersTest.officialHeartbeat("ip@1", false).encode()).build(), consumer);
    }

    private void append(int queueId, long atMillis) {
        broker.clock.set(atMillis);
        broker.messageStore.append(Message.builder(TOPIC, queueId, new byte[] {1}).build());
    }

    private void commit(int queueId, long offset) {
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(new GroupName(GROUP), new TopicName(TOPIC),
                queueId, offset));
    }

    private static MessageQueue queue(int queueId) {
        return new MessageQueue(TOPIC, "broker-a", queueId);
    }

    @Test
    void createsATopic_fromEveryHeaderField_andReadsItBackAsTheOfficialWrapper() {
        assertThat(createTopic(TOPIC).code()).isEqualTo(ResponseCode.SUCCESS);

        assertThat(broker.topics.find(new TopicName(TOPIC))).contains(new TopicConfig(new TopicName(TOPIC), 2, 3,
                Permission.READ_WRITE, TopicFilterType.MULTI_TAG, 1, true, Map.of("message.type", "FIFO")));
        assertThat(broker.nameServers.registrations()).isNotEmpty();
        RemotingCommand all = call(RemotingCommand.request(RequestCode.GET_ALL_TOPIC_CONFIG));
        TopicConfigSerializeWrapper wrapper = TopicConfigSerializeWrapper.decode(all.body(),
                TopicConfigSerializeWrapper.class);
        var version = broker.topics.snapshot().dataVersion();
        assertThat(wrapper.getDataVersion().getCounter().get()).isEqualTo(version.counter());
        assertThat(wrapper.getDataVersion().getTimestamp()).isEqualTo(version.timestamp());
        assertThat(wrapper.getTopicConfigTable()).containsKeys(TOPIC, "TBW102");
        org.apache.rocketmq.common.TopicConfig topic = wrapper.getTopicConfigTable().get(TOPIC);
        assertThat(topic.getTopicName()).isEqualTo(TOPIC);
        assertThat(topic.getReadQueueNums()).isEqualTo(2);
        assertThat(topic.getWriteQueueNums()).isEqualTo(3);
        assertThat(topic.getPerm()).isEqualTo(6);
        assertThat(topic.getTopicFilterType().name()).isEqualTo("MULTI_TAG");
        assertThat(topic.getTopicSysFlag()).isEqualTo(1);
        assertThat(topic.isOrder()).isTrue();
        assertThat(topic.getAttributes()).containsExactly(Map.entry("message.type", "FIFO"));
    }

    @Test
    void refusesIllegalAndSystemTopicNames_withInvalidParameter() {
        RemotingCommand illegal = createTopic("bad topic!");
        RemotingCommand system = createTopic("TBW102");

        assertThat(illegal.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(system.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(system.remark()).isEqualTo("The topic[TBW102] is conflict with system topic.");
    }

    @Test
    void deletesATopic() {
        createTopic(TOPIC);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_BROKER)
                .extField("topic", TOPIC));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.topics.find(new TopicName(TOPIC))).isEmpty();
    }

    @Test
    void subscriptionGroups_createFromTheOfficialConfig_listAsTheOfficialWrapper_andDelete() {
        org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig config =
                new org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig();
        config.setGroupName(GROUP);
        config.setConsumeEnable(false);
        config.setConsumeMessageOrderly(true);
        config.setRetryQueueNums(3);
        config.setRetryMaxTimes(5);
        config.setBrokerId(1);
        config.setWhichBrokerWhenConsumeSlowly(2);
        config.setNotifyConsumerIdsChangedEnable(false);
        config.setGroupSysFlag(4);
        config.setConsumeTimeoutMinute(30);

        RemotingCommand created = call(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP)
                .body(RemotingSerializable.encode(config)));
        RemotingCommand all = call(RemotingCommand.request(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG));

        assertThat(created.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.subscriptionGroups.find(new GroupName(GROUP))).contains(new SubscriptionGroupConfig(
                new GroupName(GROUP), false, true, true, true, 3, 5, 1, 2, false, 4, 30));
        SubscriptionGroupWrapper wrapper = SubscriptionGroupWrapper.decode(all.body(), SubscriptionGroupWrapper.class);
        assertThat(wrapper.getDataVersion().getCounter().get())
                .isEqualTo(broker.subscriptionGroups.snapshot().dataVersion().counter());
        var decoded = wrapper.getSubscriptionGroupTable().get(GROUP);
        assertThat(decoded.getGroupName()).isEqualTo(GROUP);
        assertThat(decoded.isConsumeEnable()).isFalse();
        assertThat(decoded.isConsumeFromMinEnable()).isTrue();
        assertThat(decoded.isConsumeBroadcastEnable()).isTrue();
        assertThat(decoded.isConsumeMessageOrderly()).isTrue();
        assertThat(decoded.getRetryQueueNums()).isEqualTo(3);
        assertThat(decoded.getRetryMaxTimes()).isEqualTo(5);
        assertThat(decoded.getBrokerId()).isEqualTo(1);
        assertThat(decoded.getWhichBrokerWhenConsumeSlowly()).isEqualTo(2);
        assertThat(decoded.isNotifyConsumerIdsChangedEnable()).isFalse();
        assertThat(decoded.getGroupSysFlag()).isEqualTo(4);
        assertThat(decoded.getConsumeTimeoutMinute()).isEqualTo(30);

        RemotingCommand deleted = call(RemotingCommand.request(RequestCode.DELETE_SUBSCRIPTIONGROUP)
                .extField("groupName", GROUP).extField("cleanOffset", true));
        assertThat(deleted.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.subscriptionGroups.find(new GroupName(GROUP))).isEmpty();
    }

    @Test
    void topicStats_decodeAsTheOfficialTable_withTheNewestStoreTimePerQueue() {
        createTopic(TOPIC);
        append(1, TestBroker.START + 100);
        append(1, TestBroker.START + 200);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_TOPIC_STATS_INFO).extField("topic", TOPIC));
        RemotingCommand unknown = call(RemotingCommand.request(RequestCode.GET_TOPIC_STATS_INFO).extField("topic", "Nope"));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicStatsTable table = TopicStatsTable.decode(response.body(), TopicStatsTable.class);
        assertThat(table.getOffsetTable()).containsOnlyKeys(queue(0), queue(1), queue(2));
        TopicOffset busy = table.getOffsetTable().get(queue(1));
        assertThat(busy.getMinOffset()).isZero();
        assertThat(busy.getMaxOffset()).isEqualTo(2);
        assertThat(busy.getLastUpdateTimestamp()).isEqualTo(TestBroker.START + 200);
        assertThat(table.getOffsetTable().get(queue(0)).getLastUpdateTimestamp()).isZero();
        assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }

    @Test
    void consumeStats_decodeAsTheOfficialClass_perReadableQueue() {
        createTopic(TOPIC);
        append(0, TestBroker.START + 10);
        append(0, TestBroker.START + 20);
        append(0, TestBroker.START + 30);
        commit(0, 2);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_CONSUME_STATS)
                .extField("consumerGroup", GROUP).extField("topic", TOPIC));

        ConsumeStats stats = ConsumeStats.decode(response.body(), ConsumeStats.class);
        assertThat(stats.getOffsetTable()).containsOnlyKeys(queue(0), queue(1));
        OffsetWrapper q0 = stats.getOffsetTable().get(queue(0));
        assertThat(q0.getBrokerOffset()).isEqualTo(3);
        assertThat(q0.getConsumerOffset()).isEqualTo(2);
        assertThat(q0.getPullOffset()).isEqualTo(2);
        assertThat(q0.getLastTimestamp()).isEqualTo(TestBroker.START + 20);
        assertThat(stats.computeTotalDiff()).isEqualTo(1);
        assertThat(stats.computeInflightTotalDiff()).isZero();
    }

    @Test
    void brokerConsumeStats_decodeAsTheOfficialClass_perGroupAndTopic_withTheTotals() {
        createTopic(TOPIC);
        append(0, TestBroker.START + 10);
        append(0, TestBroker.START + 20);
        append(0, TestBroker.START + 30);
        commit(0, 1);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_BROKER_CONSUME_STATS)
                .extField("isOrder", false));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        ConsumeStatsList list = ConsumeStatsList.decode(response.body(), ConsumeStatsList.class);
        assertThat(list.getBrokerAddr()).isEqualTo(broker.settings.brokerAddress().value());
        assertThat(list.getTotalDiff()).isEqualTo(2);
        assertThat(list.getTotalInflightDiff()).isZero();
        List<ConsumeStats> ofGroup = list.getConsumeStatsList().stream()
                .filter(entry -> entry.containsKey(GROUP)).findFirst().orElseThrow().get(GROUP);
        assertThat(ofGroup).singleElement().satisfies(stats -> {
            assertThat(stats.getOffsetTable()).as("every writable queue").containsOnlyKeys(queue(0), queue(1), queue(2));
            assertThat(stats.getOffsetTable().get(queue(0)).getBrokerOffset()).isEqualTo(3);
            assertThat(stats.getOffsetTable().get(queue(0)).getLastTimestamp()).isEqualTo(TestBroker.START + 10);
        });
        assertThat(ConsumeStatsList.decode(call(RemotingCommand.request(RequestCode.GET_BROKER_CONSUME_STATS)
                .extField("isOrder", true)).body(), ConsumeStatsList.class).getTotalDiff())
                .as("the topic is orderly").isEqualTo(2);
    }

    @Test
    void consumerConnection_decodesAsTheOfficialClass_or206WhenNobodyIsOnline() {
        RequestCodeCall request = () -> call(RemotingCommand.request(RequestCode.GET_CONSUMER_CONNECTION_LIST)
                .extField("consumerGroup", GROUP));
        assertThat(request.call().code()).isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        heartbeat();

        ConsumerConnection connection = ConsumerConnection.decode(request.call().body(), ConsumerConnection.class);

        assertThat(connection.getConnectionSet()).singleElement().satisfies(this::isTheConsumer);
        assertThat(connection.getConsumeType().name()).isEqualTo("CONSUME_ACTIVELY");
        assertThat(connection.getMessageModel().name()).isEqualTo("BROADCASTING");
        assertThat(connection.getConsumeFromWhere().name()).isEqualTo("CONSUME_FROM_TIMESTAMP");
        SubscriptionData tags = connection.getSubscriptionTable().get(TOPIC);
        assertThat(tags.getSubString()).isEqualTo("TagA || TagB");
        assertThat(tags.getTagsSet()).containsExactlyInAnyOrder("TagA", "TagB");
        assertThat(tags.getCodeSet()).containsExactlyInAnyOrder("TagA".hashCode(), "TagB".hashCode());
        assertThat(tags.getSubVersion()).isEqualTo(1_700_000_000_123L);
        assertThat(tags.getExpressionType()).isEqualTo("TAG");
        assertThat(tags.getTopic()).isEqualTo(TOPIC);
        assertThat(connection.getSubscriptionTable().get("%RETRY%" + GROUP).getExpressionType()).isEqualTo("SQL92");
    }

    @Test
    void producerConnection_decodesAsTheOfficialClass() {
        RequestCodeCall request = () -> call(RemotingCommand.request(RequestCode.GET_PRODUCER_CONNECTION_LIST)
                .extField("producerGroup", "PG_demo"));
        assertThat(request.call().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        heartbeat();

        ProducerConnection connection = ProducerConnection.decode(request.call().body(), ProducerConnection.class);

        assertThat(connection.getConnectionSet()).singleElement().satisfies(this::isTheConsumer);
    }

    @Test
    void allProducerInfo_decodesAsTheOfficialClass_byGroup() {
        heartbeat();

        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_ALL_PRODUCER_INFO));

        ProducerTableInfo table = ProducerTableInfo.decode(response.body(), ProducerTableInfo.class);
        assertThat(table.getData()).containsOnlyKeys("PG_demo");
        assertThat(table.getData().get("PG_demo")).singleElement().satisfies(producer -> {
            assertThat(producer.getClientId()).isEqualTo("ip@1");
            assertThat(producer.getRemoteIP()).isEqualTo("/127.0.0.1:41001");
            assertThat(producer.getLanguage().name()).isEqualTo("JAVA");
            assertThat(producer.getVersion()).isEqualTo(io.hexmq.remoting.protocol.ProtocolVersion.CURRENT);
            assertThat(producer.getLastUpdateTimestamp()).isPositive();
        });
    }

    private void isTheConsumer(Connection connection) {
        assertThat(connection.getClientId()).isEqualTo("ip@1");
        assertThat(connection.getClientAddr()).isEqualTo("127.0.0.1:41001");
        assertThat(connection.getLanguage().name()).isEqualTo("JAVA");
        assertThat(connection.getVersion()).isEqualTo(io.hexmq.remoting.protocol.ProtocolVersion.CURRENT);
    }

    @FunctionalInterface
    private interface RequestCodeCall {
        RemotingCommand call();
    }

    @Test
    void allConsumerOffsets_decodeAsTheOfficialWrapper() {
        createTopic(TOPIC);
        commit(2, 9);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_ALL_CONSUMER_OFFSET));

        ConsumerOffsetSerializeWrapper wrapper = ConsumerOffsetSerializeWrapper.decode(response.body(),
                ConsumerOffsetSerializeWrapper.class);
        assertThat(wrapper.getOffsetTable()).containsOnlyKeys(TOPIC + "@" + GROUP);
        assertThat(wrapper.getOffsetTable().get(TOPIC + "@" + GROUP)).containsExactly(Map.entry(2, 9L));
    }

    @Test
    void brokerConfig_isThePropertiesText_withTheVersionAsOfficialDataVersionJson() {
        RemotingCommand response = call(RemotingCommand.request(RequestCode.GET_BROKER_CONFIG));

        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(BrokerHandlers.BROKER_CONFIG);
        DataVersion version = DataVersion.fromJson(response.extFields().get("version"), DataVersion.class);
        assertThat(version.getTimestamp()).isEqualTo(TestBroker.START);
        assertThat(version.getCounter().get()).isZero();
    }

    @Test
    void resetByTime_answersTheOfficialResetOffsetBody_andPushesItToTheOnlineMembers() {
        createTopic(TOPIC);
        append(0, TestBroker.START + 10);
        append(0, TestBroker.START + 20);
        commit(0, 2);
        commit(1, 0);
        commit(2, 0);
        heartbeat();

        RemotingCommand response = call(RemotingCommand.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET)
                .extField("topic", TOPIC).extField("group", GROUP).extField("timestamp", TestBroker.START + 15)
                .extField("isForce", true));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        // the topic's read queues, as RocketMQ 5's broker-side reset walks them (queue 2 is written, never read)
        Map<MessageQueue, Long> expected = Map.of(queue(0), 1L, queue(1), 0L);
        assertThat(ResetOffsetBody.decode(response.body(), ResetOffsetBody.class).getOffsetTable())
                .isEqualTo(expected);
        assertThat(consumer.oneway()).last().satisfies(push -> {
            assertThat(push.code()).isEqualTo(RequestCode.RESET_CONSUMER_CLIENT_OFFSET);
            assertThat(push.isOneway()).isTrue();
            assertThat(push.extFields()).containsExactlyInAnyOrderEntriesOf(Map.of("topic", TOPIC, "group", GROUP,
                    "timestamp", Long.toString(TestBroker.START + 15), "isForce", "false"));
            assertThat(ResetOffsetBody.decode(push.body(), ResetOffsetBody.class).getOffsetTable()).isEqualTo(expected);
        });
    }

    @Test
    void resetByTime_resetsOnTheBrokersSide_whenNobodyIsConnected_alsoQueuesNeverConsumed() {
        createTopic(TOPIC);
        append(0, TestBroker.START + 10);
        broker.createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(
                io.hexmq.domain.consumer.SubscriptionGroupConfig.defaults(new GroupName(GROUP))));
        commit(0, 0);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET)
                .extField("topic", TOPIC).extField("group", GROUP).extField("timestamp", -1)
                .extField("isForce", false));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(ResetOffsetBody.decode(response.body(), ResetOffsetBody.class).getOffsetTable())
                .isEqualTo(Map.of(queue(0), 1L, queue(1), 0L));
        assertThat(broker.offsets.find(new TopicGroup(new TopicName(TOPIC), new GroupName(GROUP)), 1))
                .as("a queue never consumed is set too").hasValue(0);
    }

    @Test
    void resetByTime_answersSubscriptionGroupNotExist_forAGroupWithoutConfig() {
        createTopic(TOPIC);

        RemotingCommand response = call(RemotingCommand.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET)
                .extField("topic", "Unknown" + TOPIC).extField("group", GROUP).extField("timestamp", -1)
                .extField("isForce", false));
        assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);

        response = call(RemotingCommand.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET)
                .extField("topic", TOPIC).extField("group", "NoSuchGroup").extField("timestamp", -1)
                .extField("isForce", false));
        assertThat(response.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
    }
}
