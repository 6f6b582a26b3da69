package io.hexmq.application.replication;

import io.hexmq.application.fakes.InMemoryApplyLedger;
import io.hexmq.application.fakes.InMemoryAuthStore;
import io.hexmq.application.fakes.InMemoryConsumerOffsetStore;
import io.hexmq.application.fakes.InMemoryDelayProgressStore;
import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.application.fakes.InMemoryPopStateStore;
import io.hexmq.application.fakes.InMemoryRequestModeStore;
import io.hexmq.application.fakes.InMemorySubscriptionGroupStore;
import io.hexmq.application.fakes.InMemoryTimerProgressStore;
import io.hexmq.application.fakes.InMemoryTopicConfigStore;
import io.hexmq.application.fakes.InMemoryTransactionCheckProgressStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.ReplicationFailedException;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicTable;
import java.util.ArrayList;
import java.util.List;

/** One replica's stores, aggregates and applier, in memory, for the replication tests. */
final class Replica {

    static final HostAddress LEADER_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    final InMemoryMessageStore messages;
    final InMemoryTopicConfigStore topicStore = new InMemoryTopicConfigStore();
    final InMemorySubscriptionGroupStore groupStore = new InMemorySubscriptionGroupStore();
    final InMemoryConsumerOffsetStore offsetStore = new InMemoryConsumerOffsetStore();
    final InMemoryDelayProgressStore delayStore = new InMemoryDelayProgressStore();
    final InMemoryTimerProgressStore timerStore = new InMemoryTimerProgressStore();
    final InMemoryTransactionCheckProgressStore transactionStore = new InMemoryTransactionCheckProgressStore();
    final InMemoryPopStateStore popStore = new InMemoryPopStateStore();
    final InMemoryRequestModeStore requestModeStore = new InMemoryRequestModeStore();
    final InMemoryAuthStore authStore = new InMemoryAuthStore();
    final TopicTable topics = new TopicTable(TopicConfigTable.empty(0));
    final SubscriptionGroups groups = new SubscriptionGroups(SubscriptionGroupTable.empty(0));
    final ConsumerOffsets offsets = new ConsumerOffsets(ConsumerOffsetTable.EMPTY);
    final PopCheckpoints popCheckpoints = new PopCheckpoints(List.of());
    final RequestModes requestModes = new RequestModes();
    final AuthDirectory auth = new AuthDirectory(AuthTable.empty());
    final InMemoryApplyLedger ledger;
    final List<GroupRole> roles = new ArrayList<>();
    final InstallableFiles files = new InstallableFiles();
    final ApplyGroupWrites applier;

    Replica(HostAddress ownHost) {
        this(new InMemoryMessageStore(ownHost, new ManualClock(0)), new InMemoryApplyLedger());
    }

    /** A replica restarted on {@code messages} and {@code ledger}, which survived its previous run. */
    Replica(InMemoryMessageStore messages, InMemoryApplyLedger ledger) {
        this.messages = messages;
        this.ledger = ledger;
        messages.start();
        applier = new ApplyGroupWrites(localStores(), new BrokerAggregates(topics, groups, offsets, popCheckpoints,
                requestModes, auth), ledger,
                files, roles::add);
    }

    LocalStores localStores() {
        return new LocalStores(messages, topicStore, groupStore, offsetStore, delayStore, timerStore,
                transactionStore, popStore, requestModeStore, authStore);
    }

    /** No files in memory: an installation runs what the test says the received files would change. */
    static final class InstallableFiles implements StoreFiles {

        Runnable installation = () -> {
            throw new ReplicationFailedException("no files in memory");
        };

        @Override
        public DurableFiles freeze() {
            throw new ReplicationFailedException("no files in memory");
        }

        @Override
        public void replaceWith(DurableFiles received) {
            installation.run();
        }
    }
}
