package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.ReplicationFailedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.retry.RetryPolicies;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;
import org.apache.ratis.util.TimeDuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This replica as a client of its own group's other replicas: a follower's file requests to its leader
 * (read-only queries that never enter the log) and an operator's leadership transfer.
 */
final class PeerClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PeerClient.class);
    private static final int ATTEMPTS = 3;
    private static final TimeDuration PAUSE_BETWEEN_ATTEMPTS = TimeDuration.valueOf(200, TimeUnit.MILLISECONDS);

    private final RaftClient client;
    private final Executor admin;

    PeerClient(RaftGroup group, RaftProperties properties, Executor admin) {
        this.client = RaftClient.newBuilder()
                .setRaftGroup(group)
                .setProperties(properties)
                .setRetryPolicy(RetryPolicies.retryUpToMaximumCountWithFixedSleep(ATTEMPTS, PAUSE_BETWEEN_ATTEMPTS))
                .build();
        this.admin = admin;
    }

    /** Sends a read-only request to one replica, whatever its role, and completes with the reply's bytes. */
    CompletableFuture<ByteBuffer> query(RaftPeerId peer, byte[] request) {
        return client.async()
                .sendStaleRead(Message.valueOf(UnsafeByteOperations.unsafeWrap(request)), 0, peer)
                .thenApply(reply -> {
                    if (!reply.isSuccess()) {
                        throw new CompletionException(reply.getException());
                    }
                    return reply.getMessage().getContent().asReadOnlyByteBuffer();
                });
    }

    /** Asks the current leader to hand leadership to {@code to}; Ratis's admin call blocks, so it runs aside. */
    CompletableFuture<Void> transferLeadership(RaftPeerId to, long timeoutMillis) {
        CompletableFuture<Void> transferred = new CompletableFuture<>();
        admin.execute(() -> {
            try {
                RaftClientReply reply = client.admin().transferLeadership(to, timeoutMillis);
                if (reply.isSuccess()) {
                    transferred.complete(null);
                } else {
                    transferred.completeExceptionally(refused(to, reply.getException()));
                }
            } catch (IOException | RuntimeException e) {
                transferred.completeExceptionally(refused(to, e));
            }
        });
        return transferred;
    }

    private static ReplicationFailedException refused(RaftPeerId to, Exception cause) {
        return new ReplicationFailedException("the group refused to make " + to + " its leader: "
                + (cause == null ? "no reason given" : cause.getMessage()), cause);
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            LOG.debug("Closing the group's client failed", e);
        }
    }
}
