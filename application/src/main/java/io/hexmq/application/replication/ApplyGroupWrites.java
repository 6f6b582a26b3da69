package io.hexmq.application.replication;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.replication.AppliedPoint;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.port.ApplyLedger;
import io.hexmq.domain.replication.port.CommittedEntries;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.replication.port.StoreFiles;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Applies the group's committed writes to this replica: messages to its own message store as the leader
 * stamped them, state to its own state stores, and, while it follows, to the in-memory aggregates it serves
 * from, so that it serves the leader's topics, groups, offsets, POPs, request modes and users at once when it
 * becomes the leader. (The leader's aggregates are already ahead of its log: its writers change them and
 * wait for the entry.)
 *
 * <p><b>Replay.</b> After every apply the {@link ApplyLedger} records the entry's position and the commit
 * log's end. An entry at or below the ledger's position was applied before a restart and is skipped; a message
 * entry just above it whose append reached the store but not the ledger (the process died between the two)
 * is recognised by the store's end lying past the ledger's, and skipped too. A store that recovered shorter
 * than the ledger says lost what the group acknowledged (a power loss under asynchronous flush): it is
 * refused, so the replica leaves the group instead of diverging silently.
 *
 * <p>Called by the group's log one call at a time (see {@link CommittedEntries}); not thread-safe otherwise.
 */
public final class ApplyGroupWrites implements CommittedEntries {

    private static final byte[] NO_ANSWER = new byte[0];

    private final LocalStores stores;
    private final BrokerAggregates aggregates;
    private final ApplyLedger ledger;
    private final StoreFiles files;
    private final Consumer<GroupRole> roles;
    private AppliedPoint applied;
    private boolean leading;
    private long term;
    private boolean storeChecked;

    /**
     * @param roles told of every role change, on the log's thread, after this replica took it into account
     */
    public ApplyGroupWrites(LocalStores stores, BrokerAggregates aggregates, ApplyLedger ledger, StoreFiles files,
            Consumer<GroupRole> roles) {
        this.stores = Objects.requireNonNull(stores, "stores");
        this.aggregates = Objects.requireNonNull(aggregates, "aggregates");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.files = Objects.requireNonNull(files, "files");
        this.roles = Objects.requireNonNull(roles, "roles");
    }

    @Override
    public byte[] apply(long position, ByteBuffer entry) {
        AppliedPoint last = lastApplied();
        if (position <= last.position()) {
            return NO_ANSWER;
        }
        GroupWrite write = GroupWrites.decode(entry);
        MessageStore messages = stores.messages();
        byte[] answer = NO_ANSWER;
        if (write instanceof GroupWrite.AppendMessage append) {
            if (messages.commitLogMaxOffset() == last.commitLogEnd()) {
                answer = AppendAnswers.encode(storedAlike(messages.append(append.message(), append.stamp()), position));
            }
        } else if (write instanceof GroupWrite.AppendBatch batch) {
            if (messages.commitLogMaxOffset() == last.commitLogEnd()) {
                answer = AppendAnswers.encode(storedAlike(messages.appendBatch(batch.messages(), batch.stamp()),
                        position));
            }
        } else {
            applyState(write);
        }
        applied = new AppliedPoint(position, messages.commitLogMaxOffset());
        ledger.record(applied);
        return answer;
    }

    @Override
    public void makeDurable() {
        stores.messages().flush();
        ledger.force();
    }

    @Override
    public void roleChanged(GroupRole role) {
        leading = role.isLeader();
        term = role.term();
        roles.accept(role);
    }

    @Override
    public DurableFiles durableFiles() {
        makeDurable();
        return files.freeze();
    }

    /**
     * The received files hold the leader's stores, state files and apply ledger at one point of the log; once
     * they replaced this replica's, the ledger and the aggregates this replica serves from are read from them
     * again (while following, the entries that would have told them were purged from the log).
     */
    @Override
    public void install(DurableFiles received) {
        files.replaceWith(received);
        ledger.reopen();
        applied = null;
        storeChecked = false;
        stores.topics().load().ifPresent(aggregates.topics()::adopt);
        stores.subscriptionGroups().load().ifPresent(aggregates.subscriptionGroups()::adopt);
        aggregates.consumerOffsets().adopt(stores.consumerOffsets().load());
        aggregates.popCheckpoints().adopt(stores.popState().load());
        aggregates.requestModes().adopt(stores.requestModes().load());
        stores.auth().load().ifPresent(aggregates.auth()::adopt);
    }

    /**
     * This replica has left its group: it neither leads nor follows any more, so it says so, and stops
     * registering as the master (a leader whose apply failed would otherwise go on claiming the group's
     * master address) or as a follower that keeps up.
     */
    @Override
    public void failed(Throwable cause) {
        leading = false;
        roles.accept(new GroupRole(GroupRole.Kind.CANDIDATE, term, Optional.empty()));
    }

    private void applyState(GroupWrite write) {
        if (write instanceof GroupWrite.SaveTopics save) {
            stores.topics().save(save.table());
            if (!leading) {
                aggregates.topics().adopt(save.table());
            }
        } else if (write instanceof GroupWrite.SaveSubscriptionGroups save) {
            stores.subscriptionGroups().save(save.table());
            if (!leading) {
                aggregates.subscriptionGroups().adopt(save.table());
            }
        } else if (write instanceof GroupWrite.SaveConsumerOffsets save) {
            stores.consumerOffsets().save(save.table());
            if (!leading) {
                aggregates.consumerOffsets().adopt(save.table());
            }
        } else if (write instanceof GroupWrite.DeleteTopicMessages delete) {
            stores.messages().deleteTopic(delete.topic());
        } else if (write instanceof GroupWrite.SaveDelayProgress save) {
            stores.delayProgress().save(save.progress());
        } else if (write instanceof GroupWrite.SaveTimerProgress save) {
            stores.timerProgress().save(save.progress());
        } else if (write instanceof GroupWrite.SaveTransactionCheckProgress save) {
            stores.transactionProgress().save(save.progress());
        } else {
            applyPopOrAuth(write);
        }
    }

    private void applyPopOrAuth(GroupWrite write) {
        if (write instanceof GroupWrite.SavePopState save) {
            stores.popState().save(save.state());
            if (!leading) {
                aggregates.popCheckpoints().adopt(save.state());
            }
        } else if (write instanceof GroupWrite.ChangePopState change) {
            stores.popState().append(change.changes());
            if (!leading) {
                aggregates.popCheckpoints().apply(change.changes());
            }
        } else if (write instanceof GroupWrite.SaveRequestModes save) {
            stores.requestModes().save(save.entries());
            if (!leading) {
                aggregates.requestModes().adopt(save.entries());
            }
        } else if (write instanceof GroupWrite.SaveAuth save) {
            stores.auth().save(save.table());
            if (!leading) {
                aggregates.auth().adopt(save.table());
            }
        }
    }

    /**
     * A message every replica refuses alike (too large, malformed) is answered as refused; one this store alone
     * refused (stopped, disk full) would leave it without what the others hold, so the replica must leave the
     * group instead of going on.
     */
    private static AppendResult storedAlike(AppendResult result, long position) {
        if (result.status().isStored() || result.status().refusesTheMessageItself()) {
            return result;
        }
        throw new StoreRefusedAppendException("the message store refused the append at log position " + position
                + " (" + result.status() + ": " + result.reason() + ") that the other replicas store");
    }

    private AppliedPoint lastApplied() {
        if (applied == null) {
            applied = ledger.last();
        }
        if (!storeChecked) {
            long end = stores.messages().commitLogMaxOffset();
            if (end < applied.commitLogEnd()) {
                throw new StoreBehindLedgerException("the message store recovered to commit-log offset " + end
                        + " but had applied up to " + applied.commitLogEnd() + " (log position " + applied.position()
                        + "): it lost acknowledged messages and must be installed from the leader");
            }
            storeChecked = true;
        }
        return applied;
    }
}
