package io.hexmq.adapters.ratis.apply;

import io.hexmq.adapters.ratis.install.DurableFilesFetcher;
import io.hexmq.adapters.ratis.install.DurableFilesServer;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import org.apache.ratis.protocol.RaftPeerId;

/**
 * How a replica catches up after the log was purged behind it, or helps another to.
 *
 * @param server answers followers' requests for this replica's files
 * @param fetcher fetches the leader's files
 * @param thread where a follower downloads them
 * @param queryLeader sends a read-only request to a replica (the leader) and completes with its reply
 */
public record CatchUp(DurableFilesServer server, DurableFilesFetcher fetcher, Executor thread,
                      BiFunction<RaftPeerId, byte[], CompletableFuture<ByteBuffer>> queryLeader) {
}
