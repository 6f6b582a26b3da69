package io.hexmq.application.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CountClientConnectionsTest {

    private static final GroupName CONSUMERS = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("Orders");

    private final TestBroker broker = new TestBroker();
    private final CountClientConnections count = new CountClientConnections(broker.producers, broker.consumers);

    private void producerHeartbeat(String connection, String language, int version, GroupName... groups) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId(connection),
                new ClientId(connection + "@1"), language, version, List.of(), Set.of(groups)));
    }

    private void consumerHeartbeat(String connection, ConsumeType type) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId(connection),
                new ClientId(connection + "@1"), "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(CONSUMERS, type,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(TOPIC, 1)))), Set.of()));
    }

    @Test
    void countsProducerConnections_byLanguageAndVersion_onceForEachGroupTheyProduceFor() {
        producerHeartbeat("p1", "JAVA", 401, new GroupName("PG1"));
        producerHeartbeat("p2", "JAVA", 401, new GroupName("PG1"), new GroupName("PG2"));
        producerHeartbeat("p3", "GO", 317, new GroupName("PG1"));

        assertThat(count.producers()).containsExactly(
                Map.entry(new CountClientConnections.ProducerKind("GO", 317), 1),
                Map.entry(new CountClientConnections.ProducerKind("JAVA", 401), 3));
    }

    @Test
    void countsConsumerConnections_byGroupLanguageVersionAndConsumeType() {
        consumerHeartbeat("c1", ConsumeType.CONSUME_PASSIVELY);
        consumerHeartbeat("c2", ConsumeType.CONSUME_PASSIVELY);

        assertThat(count.consumers()).containsExactly(Map.entry(
                new CountClientConnections.ConsumerKind(CONSUMERS, "JAVA", 401, ConsumeType.CONSUME_PASSIVELY), 2));
        assertThat(count.producers()).isEmpty();
    }
}
