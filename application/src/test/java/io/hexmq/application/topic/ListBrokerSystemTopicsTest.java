package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import org.junit.jupiter.api.Test;

/** mqadmin exportMetrics asks a broker for its own topics, to count only the users' topics. */
class ListBrokerSystemTopicsTest {

    private final TestBroker broker = new TestBroker();
    private final ListBrokerSystemTopics listSystemTopics = new ListBrokerSystemTopics(broker.topics, broker.settings);

    @Test
    void listsTheBuiltInTopics_andTheClusterAndBrokerNames() {
        assertThat(listSystemTopics.list()).contains(SystemTopics.AUTO_CREATE_TOPIC.value(),
                SystemTopics.SCHEDULE_TOPIC.value(), SystemTopics.TRANS_HALF_TOPIC.value(),
                "DefaultCluster", "broker-a", "DefaultCluster_REPLY_TOPIC");
    }

    @Test
    void leavesOutUserTopics_andTheirGroupsRetryTopics() {
        broker.createOrUpdateTopic.createOrUpdate(new CreateOrUpdateTopic.Command(
                TopicConfig.of(new TopicName("Orders"), 4, 4, Permission.READ_WRITE))).toCompletableFuture().join();
        broker.createOrUpdateTopic.createOrUpdate(new CreateOrUpdateTopic.Command(
                TopicConfig.of(SystemTopics.retryTopicOf("billing"), 1, 1, Permission.READ_WRITE)))
                .toCompletableFuture().join();

        assertThat(listSystemTopics.list()).doesNotContain("Orders", "%RETRY%billing")
                .allSatisfy(topic -> assertThat(broker.settings.systemTopics().isSystemTopic(new TopicName(topic))).isTrue());
    }
}
