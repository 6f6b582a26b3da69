package io.hexmq.application.replication;

import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.port.AuthStore;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.replication.port.GroupLog;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The state stores of a replicated broker: a save becomes a group write of the whole value and returns once
 * the group committed it and this replica applied it to its local store (see {@link ApplyGroupWrites}); a
 * load reads the local store. A save on a replica that does not lead fails with a
 * {@link io.hexmq.domain.replication.NotLeaderException} naming the leader, so the change is not kept (as when
 * a disk refuses it) and the request that made it is answered as a RocketMQ slave answers it; any other
 * failure surfaces as the port's storage failure.
 */
public final class ReplicatedStateStores {

    private final LocalStores local;
    private final GroupLog log;

    public ReplicatedStateStores(LocalStores local, GroupLog log) {
        this.local = Objects.requireNonNull(local, "local");
        this.log = Objects.requireNonNull(log, "log");
    }

    public TopicConfigStore topics() {
        return new TopicConfigStore() {
            @Override
            public Optional<TopicConfigTable> load() {
                return local.topics().load();
            }

            @Override
            public void save(TopicConfigTable table) {
                GroupProposals.await(log, new GroupWrite.SaveTopics(table), TopicConfigStorageException::new);
            }
        };
    }

    public SubscriptionGroupStore subscriptionGroups() {
        return new SubscriptionGroupStore() {
            @Override
            public Optional<SubscriptionGroupTable> load() {
                return local.subscriptionGroups().load();
            }

            @Override
            public void save(SubscriptionGroupTable table) {
                GroupProposals.await(log, new GroupWrite.SaveSubscriptionGroups(table),
                        ConsumerStateStorageException::new);
            }
        };
    }

    public ConsumerOffsetStore consumerOffsets() {
        return new ConsumerOffsetStore() {
            @Override
            public ConsumerOffsetTable load() {
                return local.consumerOffsets().load();
            }

            @Override
            public void save(ConsumerOffsetTable table) {
                GroupProposals.await(log, new GroupWrite.SaveConsumerOffsets(table),
                        ConsumerStateStorageException::new);
            }
        };
    }

    public DelayProgressStore delayProgress() {
        return new DelayProgressStore() {
            @Override
            public DelayProgress load() {
                return local.delayProgress().load();
            }

            @Override
            public void save(DelayProgress progress) {
                GroupProposals.await(log, new GroupWrite.SaveDelayProgress(progress), StorageException::new);
            }
        };
    }

    public TimerProgressStore timerProgress() {
        return new TimerProgressStore() {
            @Override
            public TimerProgress load() {
                return local.timerProgress().load();
            }

            @Override
            public void save(TimerProgress progress) {
                GroupProposals.await(log, new GroupWrite.SaveTimerProgress(progress), StorageException::new);
            }
        };
    }

    public TransactionCheckProgressStore transactionProgress() {
        return new TransactionCheckProgressStore() {
            @Override
            public TransactionCheckProgress load() {
                return local.transactionProgress().load();
            }

            @Override
            public void save(TransactionCheckProgress progress) {
                GroupProposals.await(log, new GroupWrite.SaveTransactionCheckProgress(progress),
                        StorageException::new);
            }
        };
    }

    public PopStateStore popState() {
        return new PopStateStore() {
            @Override
            public PopState load() {
                return local.popState().load();
            }

            @Override
            public void save(PopState state) {
                GroupProposals.await(log, new GroupWrite.SavePopState(state), StorageException::new);
            }

            @Override
            public void append(List<PopChange> changes) {
                GroupProposals.await(log, new GroupWrite.ChangePopState(changes), StorageException::new);
            }
        };
    }

    public RequestModeStore requestModes() {
        return new RequestModeStore() {
            @Override
            public List<RequestModes.Entry> load() {
                return local.requestModes().load();
            }

            @Override
            public void save(List<RequestModes.Entry> entries) {
                GroupProposals.await(log, new GroupWrite.SaveRequestModes(entries), StorageException::new);
            }
        };
    }

    public AuthStore auth() {
        return new AuthStore() {
            @Override
            public Optional<AuthTable> load() {
                return local.auth().load();
            }

            @Override
            public void save(AuthTable table) {
                GroupProposals.await(log, new GroupWrite.SaveAuth(table), AuthStorageException::new);
            }
        };
    }
}
