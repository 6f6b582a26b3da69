package io.hexmq.adapters.ratis.propose;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;

/**
 * Submits one encoded batch to this replica's own Ratis server as a write, in process: no client, no
 * network hop to itself. The reply carries the encoded answers once the entry is committed and applied
 * here.
 */
public final class LocalSubmission implements Function<byte[], CompletableFuture<ByteBuffer>> {

    private final RaftServer server;
    private final RaftGroupId group;
    private final RaftPeerId self;
    private final ClientId client = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();

    public LocalSubmission(RaftServer server, RaftGroupId group, RaftPeerId self) {
        this.server = server;
        this.group = group;
        this.self = self;
    }

    @Override
    public CompletableFuture<ByteBuffer> apply(byte[] batch) {
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(client)
                .setServerId(self)
                .setGroupId(group)
                .setCallId(callIds.incrementAndGet())
                .setMessage(Message.valueOf(UnsafeByteOperations.unsafeWrap(batch)))
                .setType(RaftClientRequest.writeRequestType())
                .build();
        try {
            return server.submitClientRequestAsync(request).thenApply(LocalSubmission::answersOf);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(Replies.failureOf(e));
        }
    }

    private static ByteBuffer answersOf(RaftClientReply reply) {
        if (!reply.isSuccess()) {
            throw Replies.failureOf(reply);
        }
        return reply.getMessage().getContent().asReadOnlyByteBuffer();
    }
}
