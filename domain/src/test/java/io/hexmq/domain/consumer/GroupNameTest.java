package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
