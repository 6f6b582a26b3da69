package io.hexmq.application.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.TagCode;
import io.hexmq.domain.topic.TopicName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** mqadmin queryCq: a queue's entries as the store keeps them, and a group's subscription to the topic. */
class QueryConsumeQueueTest {

    private static final String TOPIC = "Orders";
    private static final GroupName GROUP = new GroupName("CG");

    private final TestBroker broker = new TestBroker();
    private final QueryConsumeQueue queryConsumeQueue = new QueryConsumeQueue(broker.messageStore, broker.consumers);
    private final List<Long> commitLogOffsets = new ArrayList<>();

    @BeforeEach
    void fiveMessagesInQueueOne() {
        for (int i = 0; i < 5; i++) {
            Message message = Message.builder(TOPIC, 1, ("m" + i).getBytes(StandardCharsets.UTF_8))
                    .properties(MessageProperties.encode(Map.of(MessageProperties.TAGS, i % 2 == 0 ? "even" : "odd")))
                    .build();
            commitLogOffsets.add(broker.messageStore.append(message).commitLogOffset());
        }
    }

    private Optional<QueryConsumeQueue.Result> query(int queueId, long index, int count, Optional<GroupName> group) {
        return queryConsumeQueue.query(new QueryConsumeQueue.Query(TOPIC, queueId, index, count, group));
    }

    @Test
    void answersCountEntriesFromIndex_withWhereEachRecordLies_itsSizeAndTagCode() {
        QueryConsumeQueue.Result result = query(1, 1, 3, Optional.empty()).orElseThrow();

        assertThat(result.minOffset()).isZero();
        assertThat(result.maxOffset()).isEqualTo(5);
        assertThat(result.indexFound()).isTrue();
        assertThat(result.entries()).extracting(QueryConsumeQueue.Entry::commitLogOffset)
                .containsExactlyElementsOf(commitLogOffsets.subList(1, 4));
        assertThat(result.entries()).extracting(QueryConsumeQueue.Entry::tagsCode)
                .containsExactly(TagCode.of("odd"), TagCode.of("even"), TagCode.of("odd"));
        assertThat(result.entries()).allSatisfy(entry -> assertThat(entry.size()).isPositive());
        assertThat(result.entries().get(0).commitLogOffset() + result.entries().get(0).size())
                .as("records follow each other in the log").isEqualTo(commitLogOffsets.get(2));
    }

    @Test
    void stopsAtTheQueuesEnd() {
        assertThat(query(1, 3, 10, Optional.empty()).orElseThrow().entries()).hasSize(2);
    }

    @Test
    void anIndexOutsideTheQueue_isNotFound_andAQueueNeverWrittenIsNone() {
        assertThat(query(1, 5, 1, Optional.empty()).orElseThrow().indexFound()).isFalse();
        assertThat(query(1, 5, 1, Optional.empty()).orElseThrow().entries()).isEmpty();
        assertThat(query(0, 0, 1, Optional.empty())).isEmpty();
    }

    @Test
    void aNamedGroup_bringsItsOnlineSubscription_orNoneWhenOffline() {
        assertThat(query(1, 0, 1, Optional.of(GROUP)).orElseThrow().subscription()).isEmpty();
        assertThat(query(1, 0, 1, Optional.of(GROUP)).orElseThrow().groupNamed()).isTrue();

        Subscription even = new Subscription(new TopicName(TOPIC), "even", Set.of("even"),
                Set.of((int) TagCode.of("even")), 1, ExpressionType.TAG);
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("conn-1"), new ClientId("c1"),
                "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(even))), Set.of()));

        assertThat(query(1, 0, 1, Optional.of(GROUP)).orElseThrow().subscription()).contains(even);
        assertThat(query(1, 0, 1, Optional.empty()).orElseThrow().groupNamed()).isFalse();
    }
}
