package io.hexmq.client.internal.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.relay.QueueSnapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessQueueTest {

    private final ProcessQueue queue = new ProcessQueue(new MessageQueue("T", "b", 0));

    private static ReceivedMessage at(long offset) {
        return new ReceivedMessage("T", 0, offset, "id" + offset, "off" + offset, offset * 100, new byte[] {1},
                Map.of(), 0, 0, "127.0.0.1:1", 0, "127.0.0.1:2", 0);
    }

    @Test
    void commitsOnlyUpToTheSmallestOffsetStillBeingConsumed() {
        queue.add(List.of(at(5), at(6), at(7)));

        assertThat(queue.remove(at(6), 0)).isEqualTo(5);
        assertThat(queue.remove(at(5), 0)).isEqualTo(7);
        assertThat(queue.remove(at(7), 0)).isEqualTo(8);
        assertThat(queue.size()).isZero();
    }

    @Test
    void handsOutTheHeadInOffsetOrder() {
        queue.add(List.of(at(9), at(3)));

        assertThat(queue.head().queueOffset()).isEqualTo(3);
    }

    @Test
    void trustsItsBrokerLockForThirtySeconds() {
        queue.locked(1_000);

        assertThat(queue.holdsLock(1_000 + ProcessQueue.LOCK_TRUST_MILLIS - 1)).isTrue();
        assertThat(queue.holdsLock(1_000 + ProcessQueue.LOCK_TRUST_MILLIS)).isFalse();
        queue.unlocked();
        assertThat(queue.holdsLock(1_000)).isFalse();
    }

    @Test
    void snapshotShowsTheCachedRange_andWhenTheQueueWasLastPulledAndConsumed() {
        assertThat(queue.snapshot(0)).isEqualTo(new QueueSnapshot(0, 0, 0, 0, false, 0, false, 0, 0));

        queue.pulled(1_000);
        queue.add(List.of(at(5), at(6), at(7)));
        queue.locked(1_500);
        queue.remove(at(5), 2_000);

        assertThat(queue.snapshot(2_100)).isEqualTo(new QueueSnapshot(2, 6, 7, 2, true, 1_500, false, 1_000,
                2_000));
        queue.drop();
        assertThat(queue.snapshot(1_500 + ProcessQueue.LOCK_TRUST_MILLIS))
                .satisfies(snapshot -> assertThat(snapshot.dropped()).isTrue())
                .satisfies(snapshot -> assertThat(snapshot.locked()).as("the lock lapsed").isFalse());
    }
}
