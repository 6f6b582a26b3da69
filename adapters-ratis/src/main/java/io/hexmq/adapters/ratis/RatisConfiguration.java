package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.ReplicaId;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/** {@link GroupSettings} in Ratis's terms: the group, its peers, and the server's properties. */
final class RatisConfiguration {

    /** The largest proposal: a RocketMQ message or batch send is at most 4 MiB, a state entry far less. */
    static final int MAX_ENTRY_BYTES = 5 << 20;

    private static final String GROUP_ID_NAMESPACE = "hexmq broker group ";
    private static final int PREFERRED_PRIORITY = 1;
    private static final int ORDINARY_PRIORITY = 0;
    /**
     * The leader sends at most this much to a follower in one request. It must exceed the largest entry
     * (Ratis fails otherwise) and stay below the log's write buffer (8 MiB by default, one per replica).
     */
    private static final SizeInBytes APPENDER_BUFFER = SizeInBytes.valueOf(6L << 20);
    /** Nothing retries a proposal under the same call id, so replies need not be kept for long. */
    private static final TimeDuration RETRY_CACHE_EXPIRY = TimeDuration.valueOf(10, TimeUnit.SECONDS);

    private RatisConfiguration() {
    }

    /** The same name always gives the same id, so every replica and every restart agree on the group. */
    static RaftGroupId groupId(String group) {
        return RaftGroupId.valueOf(UUID.nameUUIDFromBytes((GROUP_ID_NAMESPACE + group).getBytes(StandardCharsets.UTF_8)));
    }

    static RaftPeerId peerId(ReplicaId replica) {
        return RaftPeerId.valueOf(replica.value());
    }

    static ReplicaId replicaId(RaftPeerId peer) {
        return new ReplicaId(peer.toString());
    }

    /** The preferred leader has the highest priority, so Ratis hands leadership to it once it caught up. */
    static RaftGroup group(GroupSettings settings) {
        List<RaftPeer> peers = settings.peers().stream()
                .map(peer -> RaftPeer.newBuilder()
                        .setId(peerId(peer.id()))
                        .setAddress(peer.address())
                        .setPriority(settings.preferredLeader().filter(peer.id()::equals).isPresent()
                                ? PREFERRED_PRIORITY : ORDINARY_PRIORITY)
                        .build())
                .toList();
        return RaftGroup.valueOf(groupId(settings.group()), peers);
    }

    static RaftProperties properties(GroupSettings settings) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(properties, List.of(settings.storageDir().toFile()));
        GrpcConfigKeys.Server.setHost(properties, settings.selfPeer().host());
        GrpcConfigKeys.Server.setPort(properties, settings.selfPeer().port());

        // Heartbeats go out every half minimum; a leader that heard from no majority for the maximum
        // steps down (Ratis checks that on its own, at most one maximum later).
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, millis(settings.electionTimeoutMin().toMillis()));
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, millis(settings.electionTimeoutMax().toMillis()));

        // SYNC: an entry counts once fsync returned, and fsyncs overlap with the next writes. ASYNC: once
        // written to the file; the fsync follows without anyone waiting for it.
        if (settings.logFlush() == LogFlush.SYNC) {
            RaftServerConfigKeys.Log.setAsyncFlushEnabled(properties, true);
        } else {
            RaftServerConfigKeys.Log.setUnsafeFlushEnabled(properties, true);
        }
        // Ratis 3.3.0 composes a follower's appends by default and takes a request whose entries start where
        // a pending one starts for one it already has, though it may carry more: the follower answers it
        // without appending the rest, counts them in its commit index, and then refuses every leader's next
        // entry as both already committed and missing, for good (seen after a partition healed: commit 58,
        // log ending at 57). Appending each request itself has no such gap.
        RaftServerConfigKeys.Log.setAppendEntriesComposeEnabled(properties, false);
        // By default the leader appends a metadata entry recording the commit index each time it moves, and
        // replicates it like any other: two rounds for every send. A restarted replica learns the commit index
        // from the leader anyway, and what it applied before is in its store (the snapshot points there).
        RaftServerConfigKeys.Log.setLogMetadataEnabled(properties, false);
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf(settings.logSegmentSize()));
        // Purge up to each snapshot even when a follower is behind it: that follower installs the leader's
        // store files instead, so a dead replica never makes the log keep every message body.
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
        RaftServerConfigKeys.Log.setPurgeGap(properties, 1);
        RaftServerConfigKeys.Log.Appender.setBufferByteLimit(properties, APPENDER_BUFFER);
        // Followers fetch the stores' files themselves (see SnapshotInstaller): Ratis only tells them to.
        RaftServerConfigKeys.Log.Appender.setInstallSnapshotEnabled(properties, false);

        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, settings.snapshotThreshold());
        RaftServerConfigKeys.Snapshot.setTriggerWhenStopEnabled(properties, true);

        RaftServerConfigKeys.RetryCache.setExpiryTime(properties, RETRY_CACHE_EXPIRY);
        GrpcConfigKeys.setMessageSizeMax(properties, SizeInBytes.valueOf(4L * MAX_ENTRY_BYTES));
        return properties;
    }

    private static TimeDuration millis(long millis) {
        return TimeDuration.valueOf(millis, TimeUnit.MILLISECONDS);
    }
}
