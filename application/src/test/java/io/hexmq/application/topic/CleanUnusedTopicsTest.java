package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

/** mqadmin cleanUnusedTopic: stored queues of topics without a config go; configured and system topics stay. */
class CleanUnusedTopicsTest {

    private final TestBroker broker = new TestBroker();
    private final CleanUnusedTopics cleanUnusedTopics =
            new CleanUnusedTopics(broker.topics, broker.messageStore, broker.messageStore, broker.settings);

    private void store(String topic) {
        broker.messageStore.append(Message.builder(topic, 0, new byte[] {1}).build());
    }

    @Test
    void deletesTheQueuesOfTopicsWithoutAConfig_only() {
        broker.createOrUpdateTopic.createOrUpdate(new CreateOrUpdateTopic.Command(
                TopicConfig.of(new TopicName("Configured"), 1, 1, Permission.READ_WRITE))).toCompletableFuture().join();
        store("Configured");
        store("Forgotten");
        store(SystemTopics.SCHEDULE_TOPIC.value());
        store("rmq_sys_own_state");
        store("DefaultCluster_REPLY_TOPIC");

        assertThat(cleanUnusedTopics.clean()).containsExactly("Forgotten");

        assertThat(broker.messageStore.queuedTopics()).containsExactlyInAnyOrder("Configured",
                SystemTopics.SCHEDULE_TOPIC.value(), "rmq_sys_own_state", "DefaultCluster_REPLY_TOPIC");
        assertThat(broker.messageStore.maxOffset("Forgotten", 0)).isZero();
        assertThat(broker.messageStore.maxOffset("Configured", 0)).isEqualTo(1);
    }

    @Test
    void nothingToClean_deletesNothing() {
        store(SystemTopics.TRANS_HALF_TOPIC.value());

        assertThat(cleanUnusedTopics.clean()).isEmpty();
        assertThat(broker.messageStore.maxOffset(SystemTopics.TRANS_HALF_TOPIC.value(), 0)).isEqualTo(1);
    }
}
