package io.hexmq.application.replication;

import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicationFailedException;
import io.hexmq.domain.replication.port.GroupLog;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * Waiting for a proposal, for the writers that have to (a state store's save returns once the value is
 * stored, here once the group committed and this replica applied it). Only for threads that may block:
 * the schedulers', an admin request's, never a handler waiting for a send.
 */
final class GroupProposals {

    private GroupProposals() {
    }

    /** Proposes {@code write} and returns once it is applied here; a failure is rethrown as it came. */
    static void await(GroupLog log, GroupWrite write) {
        join(log.propose(GroupWrites.encode(write)));
    }

    /**
     * Proposes {@code write} and returns once it is applied here; a failure is rethrown as
     * {@code storageFailure} makes it, the exception the decorated store's port promises, except that this
     * replica does not lead: that is not a fault of its storage, and the edge answers it as a slave does.
     */
    static void await(GroupLog log, GroupWrite write,
            BiFunction<String, RuntimeException, RuntimeException> storageFailure) {
        try {
            await(log, write);
        } catch (NotLeaderException notLeader) {
            throw notLeader;
        } catch (RuntimeException e) {
            throw storageFailure.apply("the group did not store the write: " + e.getMessage(), e);
        }
    }

    /** The stage's value; its failure's cause when it failed. */
    static <T> T join(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new ReplicationFailedException("the group's log failed", cause);
        }
    }
}
