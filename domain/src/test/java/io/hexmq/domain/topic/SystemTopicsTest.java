package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SystemTopicsTest {

    private final SystemTopics systemTopics = new SystemTopics("DefaultCluster", "broker-a");

    private Map<String, TopicConfig> defaults(boolean autoCreateTopicEnable) {
        List<TopicConfig> configs = systemTopics.defaultConfigs(autoCreateTopicEnable, 8, true, true);
        return configs.stream().collect(Collectors.toMap(config -> config.name().value(), Function.identity()));
    }

    @Test
    void createsTheAutoCreateTemplateWithInheritReadWrite_whenAutoCreateIsOn() {
        TopicConfig template = defaults(true).get("TBW102");

        assertThat(template.permission().bits()).isEqualTo(7);
        assertThat(template.readQueueNums()).isEqualTo(8);
        assertThat(template.writeQueueNums()).isEqualTo(8);
    }

    @Test
    void leavesTheAutoCreateTemplateOut_whenAutoCreateIsOff() {
        assertThat(defaults(false)).doesNotContainKey("TBW102");
    }

    @Test
    void createsTheTopicsARocketMqBrokerCreates() {
        Map<String, TopicConfig> configs = defaults(true);

        assertThat(configs).containsKeys("SELF_TEST_TOPIC", "BenchmarkTest", "DefaultCluster", "broker-a",
                "OFFSET_MOVED_EVENT", "SCHEDULE_TOPIC_XXXX", "DefaultCluster_REPLY_TOPIC",
                "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC");
        assertThat(configs).as("the timer's delivered markers are the broker's own, never routed")
                .doesNotContainKey("rmq_sys_wheel_timer_delivered");
        assertThat(configs.get("SCHEDULE_TOPIC_XXXX").writeQueueNums()).isEqualTo(18);
        assertThat(configs.get("DefaultCluster").writeQueueNums()).isEqualTo(16);
        assertThat(configs.get("DefaultCluster").permission().bits()).isEqualTo(7);
        assertThat(configs.get("broker-a").writeQueueNums()).isEqualTo(1);
        assertThat(configs.get("DefaultCluster_REPLY_TOPIC").permission()).isEqualTo(Permission.READ_WRITE);
    }

    @Test
    void clusterAndBrokerTopicsAreOnlyInheritable_whenTheirTopicsAreDisabled() {
        List<TopicConfig> configs = systemTopics.defaultConfigs(true, 8, false, false);

        assertThat(configs).filteredOn(config -> config.name().value().equals("DefaultCluster")
                        || config.name().value().equals("broker-a"))
                .extracting(config -> config.permission().bits()).containsExactly(1, 1);
    }

    @Test
    void treatsFixedNamesPrefixedNamesAndThisBrokersOwnTopicsAsSystemTopics() {
        assertThat(systemTopics.isSystemTopic(new TopicName("TBW102"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("SCHEDULE_TOPIC_XXXX"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("rmq_sys_anything"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("rmq_sys_wheel_timer_delivered"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("DefaultCluster"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("broker-a"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("DefaultCluster_REPLY_TOPIC"))).isTrue();
        assertThat(systemTopics.isSystemTopic(new TopicName("TopicTest"))).isFalse();
        assertThat(systemTopics.isSystemTopic(new TopicName("%RETRY%group"))).isFalse();
    }

    @Test
    void forbidsSendsOnlyToTheTopicsTheBrokerWritesItself() {
        for (String forbidden : List.of("SCHEDULE_TOPIC_XXXX", "RMQ_SYS_TRANS_HALF_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC",
                "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT", "rmq_sys_wheel_timer",
                "rmq_sys_wheel_timer_delivered")) {
            assertThat(SystemTopics.isSendForbidden(new TopicName(forbidden))).as(forbidden).isTrue();
        }
        assertThat(SystemTopics.isSendForbidden(new TopicName("TBW102"))).isFalse();
        assertThat(SystemTopics.isSendForbidden(new TopicName("DefaultCluster_REPLY_TOPIC"))).isFalse();
    }

    @Test
    void buildsRetryTopicsWithTheirQueueCount_andDeadLetterTopicsWithOneQueue() {
        TopicConfig retry = SystemTopics.retryTopicConfig(SystemTopics.retryTopicOf("CG"), 3);
        TopicConfig dlq = SystemTopics.dlqTopicConfig(SystemTopics.dlqTopicOf("CG"));

        assertThat(retry.name().value()).isEqualTo("%RETRY%CG");
        assertThat(retry.writeQueueNums()).isEqualTo(3);
        assertThat(retry.permission().bits()).isEqualTo(6);
        assertThat(dlq.name().value()).isEqualTo("%DLQ%CG");
        assertThat(dlq.readQueueNums()).isEqualTo(1);
        assertThat(dlq.permission().bits()).isEqualTo(6);
    }

    @Test
    void refusesARetryConfigForAnOrdinaryTopic() {
        assertThatThrownBy(() -> SystemTopics.retryTopicConfig(new TopicName("T"), 1))
                .isInstanceOf(InvalidTopicConfigException.class);
    }
}
