package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GroupWritesTest {

    private static final StoreStamp STAMP = new StoreStamp(1_700_000_000_123L,
            HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));

    @Test
    void carriesAMessageAndTheLeadersStamp_fieldForField() {
        Message message = message("TopicA", "héllo");
        GroupWrite.AppendMessage decoded = (GroupWrite.AppendMessage) roundTrip(
                new GroupWrite.AppendMessage(message, STAMP));

        assertThat(decoded.stamp()).isEqualTo(STAMP);
        assertSameMessage(decoded.message(), message);
    }

    @Test
    void laysAMessageEntryOutAsDocumented() {
        Message message = message("TopicA", "body");
        byte[] entry = GroupWrites.encode(new GroupWrite.AppendMessage(message, STAMP));

        int stamp = 8 + 1 + 8;
        int fields = (4 + "TopicA".length()) + 4 + 4 + (4 + "body".length()) + (4 + message.properties().length())
                + 4 + 8 + (1 + 8) + 4 + 8;
        assertThat(entry.length).isEqualTo(1 + stamp + fields);
    }

    @Test
    void carriesABatchInOrder() {
        List<Message> batch = List.of(message("TopicA", "one"), message("TopicA", "two"));
        GroupWrite.AppendBatch decoded = (GroupWrite.AppendBatch) roundTrip(new GroupWrite.AppendBatch(batch, STAMP));

        assertThat(decoded.stamp()).isEqualTo(STAMP);
        assertThat(decoded.messages()).hasSize(2);
        assertSameMessage(decoded.messages().get(0), batch.get(0));
        assertSameMessage(decoded.messages().get(1), batch.get(1));
    }

    @Test
    void carriesStateAsAbsoluteValues() {
        TopicConfig topic = new TopicConfig(new TopicName("TopicA"), 8, 4, Permission.READ_WRITE,
                io.hexmq.domain.topic.TopicFilterType.SINGLE_TAG, 3, true, Map.of("+message.type", "NORMAL"));
        TopicConfigTable topics = TopicConfigTable.empty(5).with(topic, 6);
        SubscriptionGroupTable groups = SubscriptionGroupTable.empty(5)
                .with(SubscriptionGroupConfig.defaults(new GroupName("GroupA")), 7);
        ConsumerOffsetTable offsets = new ConsumerOffsetTable(Map.of(
                new TopicGroup(new TopicName("TopicA"), new GroupName("GroupA")), Map.of(0, 12L, 3, 40L)));

        assertThat(roundTrip(new GroupWrite.SaveTopics(topics))).isEqualTo(new GroupWrite.SaveTopics(topics));
        assertThat(roundTrip(new GroupWrite.SaveSubscriptionGroups(groups)))
                .isEqualTo(new GroupWrite.SaveSubscriptionGroups(groups));
        assertThat(roundTrip(new GroupWrite.SaveConsumerOffsets(offsets)))
                .isEqualTo(new GroupWrite.SaveConsumerOffsets(offsets));
        assertThat(roundTrip(new GroupWrite.SaveDelayProgress(new DelayProgress(Map.of(1, 5L, 3, 9L)))))
                .isEqualTo(new GroupWrite.SaveDelayProgress(new DelayProgress(Map.of(1, 5L, 3, 9L))));
        assertThat(roundTrip(new GroupWrite.SaveTimerProgress(TimerProgress.beforeMarkers(4, 100, 3))))
                .isEqualTo(new GroupWrite.SaveTimerProgress(TimerProgress.beforeMarkers(4, 100, 3)));
        assertThat(roundTrip(new GroupWrite.SaveTransactionCheckProgress(new TransactionCheckProgress(7, 2))))
                .isEqualTo(new GroupWrite.SaveTransactionCheckProgress(new TransactionCheckProgress(7, 2)));
        assertThat(roundTrip(new GroupWrite.DeleteTopicMessages("TopicA")))
                .isEqualTo(new GroupWrite.DeleteTopicMessages("TopicA"));
    }

    @Test
    void refusesAnEntryOfAnUnknownKind() {
        assertThatThrownBy(() -> GroupWrites.decode(ByteBuffer.wrap(new byte[] {42})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("42");
    }

    @Test
    void refusesAnEntryWithBytesLeftOver() {
        byte[] entry = GroupWrites.encode(new GroupWrite.DeleteTopicMessages("TopicA"));
        byte[] longer = java.util.Arrays.copyOf(entry, entry.length + 1);

        assertThatThrownBy(() -> GroupWrites.decode(ByteBuffer.wrap(longer)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("left");
    }

    private static GroupWrite roundTrip(GroupWrite write) {
        return GroupWrites.decode(ByteBuffer.wrap(GroupWrites.encode(write)).asReadOnlyBuffer());
    }

    static Message message(String topic, String body) {
        return Message.builder(topic, 1, body.getBytes(StandardCharsets.UTF_8)).flag(7)
                .properties("TAGS\u0001tagA\u0002KEYS\u0001k1\u0002").sysFlag(0).bornTimestamp(1_699_999_999_000L)
                .bornHost(HostAddress.of(new byte[] {10, 0, 0, 9}, 50000)).reconsumeTimes(2).build();
    }

    private static void assertSameMessage(Message actual, Message expected) {
        assertThat(actual.topic()).isEqualTo(expected.topic());
        assertThat(actual.queueId()).isEqualTo(expected.queueId());
        assertThat(actual.flag()).isEqualTo(expected.flag());
        assertThat(actual.body()).isEqualTo(expected.body());
        assertThat(actual.properties()).isEqualTo(expected.properties());
        assertThat(actual.sysFlag()).isEqualTo(expected.sysFlag());
        assertThat(actual.bornTimestamp()).isEqualTo(expected.bornTimestamp());
        assertThat(actual.bornHost()).isEqualTo(expected.bornHost());
        assertThat(actual.reconsumeTimes()).isEqualTo(expected.reconsumeTimes());
        assertThat(actual.preparedTransactionOffset()).isEqualTo(expected.preparedTransactionOffset());
    }
}
