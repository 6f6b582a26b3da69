package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueueLocksTest {

    private static final long LIFETIME = 60_000;
    private static final GroupName GROUP = new GroupName("CG");
    private static final ClientId ALICE = new ClientId("ip@alice");
    private static final ClientId BOB = new ClientId("ip@bob");
    private static final MessageQueue Q0 = queue(0);
    private static final MessageQueue Q1 = queue(1);

    private final QueueLocks locks = new QueueLocks(LIFETIME);

    private static MessageQueue queue(int id) {
        return new MessageQueue(new TopicName("T"), new BrokerName("broker-a"), id);
    }

    @Test
    void locksFreeQueues_andRelocksQueuesTheClientAlreadyHolds() {
        assertThat(locks.tryLock(GROUP, ALICE, List.of(Q0), 0)).containsExactly(Q0);
        assertThat(locks.tryLock(GROUP, ALICE, List.of(Q0, Q1), 1_000)).containsExactly(Q0, Q1);
    }

    @Test
    void refusesQueuesHeldByAnotherClient_untilTheirLockExpires() {
        locks.tryLock(GROUP, ALICE, List.of(Q0), 0);

        assertThat(locks.tryLock(GROUP, BOB, List.of(Q0, Q1), LIFETIME)).containsExactly(Q1);
        assertThat(locks.tryLock(GROUP, BOB, List.of(Q0), LIFETIME + 1)).containsExactly(Q0);
        assertThat(locks.tryLock(GROUP, ALICE, List.of(Q0), LIFETIME + 2)).isEmpty();
    }

    @Test
    void relockingExtendsTheLifetime() {
        locks.tryLock(GROUP, ALICE, List.of(Q0), 0);
        locks.tryLock(GROUP, ALICE, List.of(Q0), 50_000);

        assertThat(locks.tryLock(GROUP, BOB, List.of(Q0), LIFETIME + 1)).isEmpty();
    }

    @Test
    void unlocksOnlyTheHoldersQueues() {
        locks.tryLock(GROUP, ALICE, List.of(Q0), 0);
        locks.tryLock(GROUP, BOB, List.of(Q1), 0);

        locks.unlock(GROUP, ALICE, List.of(Q0, Q1));

        assertThat(locks.isLocked(GROUP, Q0, 1)).isFalse();
        assertThat(locks.isLocked(GROUP, Q1, 1)).isTrue();
        assertThat(locks.hasLiveLocks(GROUP, 1)).isTrue();
        assertThat(locks.hasLiveLocks(GROUP, LIFETIME + 1)).isFalse();
    }

    @Test
    void keepsGroupsApart() {
        locks.tryLock(GROUP, ALICE, List.of(Q0), 0);

        assertThat(locks.tryLock(new GroupName("Other"), BOB, List.of(Q0), 0)).containsExactly(Q0);
    }
}
