package io.hexmq.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueueAllocationTest {

    private static List<MessageQueue> queues(int count) {
        List<MessageQueue> queues = new ArrayList<>();
        for (int id = count - 1; id >= 0; id--) {
            queues.add(new MessageQueue("T", "b", id));
        }
        return queues;
    }

    @Test
    void givesEachMemberAContiguousRun_theFirstMembersOneMore_whenQueuesDoNotDivideEvenly() {
        List<String> members = List.of("c@3", "a@1", "b@2");

        assertThat(QueueAllocation.averagely(queues(8), members, "a@1")).extracting(MessageQueue::queueId)
                .containsExactly(0, 1, 2);
        assertThat(QueueAllocation.averagely(queues(8), members, "b@2")).extracting(MessageQueue::queueId)
                .containsExactly(3, 4, 5);
        assertThat(QueueAllocation.averagely(queues(8), members, "c@3")).extracting(MessageQueue::queueId)
                .containsExactly(6, 7);
    }

    @Test
    void givesMembersBeyondTheQueueCountNothing() {
        List<String> members = List.of("a", "b", "c");

        assertThat(QueueAllocation.averagely(queues(2), members, "a")).extracting(MessageQueue::queueId)
                .containsExactly(0);
        assertThat(QueueAllocation.averagely(queues(2), members, "b")).extracting(MessageQueue::queueId)
                .containsExactly(1);
        assertThat(QueueAllocation.averagely(queues(2), members, "c")).isEmpty();
    }

    @Test
    void coversEveryQueueExactlyOnce() {
        List<String> members = List.of("m1", "m2", "m3", "m4", "m5");
        Set<MessageQueue> seen = new HashSet<>();
        int total = 0;
        for (String member : members) {
            List<MessageQueue> mine = QueueAllocation.averagely(queues(13), members, member);
            seen.addAll(mine);
            total += mine.size();
        }
        assertThat(total).isEqualTo(13);
        assertThat(seen).hasSize(13);
    }

    @Test
    void givesNothingToAClientTheBrokerDoesNotList() {
        assertThat(QueueAllocation.averagely(queues(4), List.of("a", "b"), "z")).isEmpty();
    }

    @Test
    void sharesOutOnlyReadableQueuesOfBrokerGroupsWithAMaster_sortedByBrokerAndId() {
        int readWrite = 6;
        int writeOnly = 2;
        TopicRoute route = new TopicRoute(List.of(
                new BrokerQueues("b", 2, 2, readWrite, 0),
                new BrokerQueues("a", 1, 1, readWrite, 0),
                new BrokerQueues("write-only", 2, 2, writeOnly, 0),
                new BrokerQueues("replica-only", 2, 2, readWrite, 0)), List.of(
                new BrokerGroup("c", "b", Map.of(BrokerGroup.MASTER_ID, "127.0.0.1:2")),
                new BrokerGroup("c", "a", Map.of(BrokerGroup.MASTER_ID, "127.0.0.1:1")),
                new BrokerGroup("c", "write-only", Map.of(BrokerGroup.MASTER_ID, "127.0.0.1:3")),
                new BrokerGroup("c", "replica-only", Map.of(1L, "127.0.0.1:4"))));

        assertThat(QueueAllocation.readableQueues("T", route)).containsExactly(
                new MessageQueue("T", "a", 0), new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));
    }
}
