package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

class GroupNameTest {

    @Test
    void derivesRetryAndDeadLetterTopics() {
        GroupName group = new GroupName("ns%CG");

        assertThat(group.retryTopic().value()).isEqualTo("%RETRY%ns%CG");
        assertThat(group.dlqTopic().value()).isEqualTo("%DLQ%ns%CG");
    }

    @Test
    void rejectsNamesThatCouldNotBeFiledUnderTopicAtGroup() {
        assertThatThrownBy(() -> new GroupName("a@b")).isInstanceOf(InvalidConsumerDataException.class);
        assertThatThrownBy(() -> new GroupName("")).isInstanceOf(InvalidConsumerDataException.class);
        assertThatThrownBy(() -> new GroupName("g".repeat(256))).isInstanceOf(InvalidConsumerDataException.class);
    }

    @Test
    void recognisesRocketMqsSystemGroups() {
        assertThat(new GroupName("CID_RMQ_SYS_TRANS").isSystemGroup()).isTrue();
        assertThat(new GroupName("CG").isSystemGroup()).isFalse();
    }

    @Test
    void readsTheTopicBackFromItsPopRetryTopic_onlyForItsOwnGroup() {
        GroupName group = new GroupName("CG");
        TopicName retry = group.popRetryTopic(new TopicName("Orders"));

        assertThat(group.topicOfPopRetry(retry)).contains(new TopicName("Orders"));
        assertThat(new GroupName("C").topicOfPopRetry(retry)).as("%RETRY%C is not its prefix with '_'").isEmpty();
        assertThat(group.topicOfPopRetry(group.retryTopic())).isEmpty();
        assertThat(group.topicOfPopRetry(new TopicName("Orders"))).isEmpty();
    }
}
