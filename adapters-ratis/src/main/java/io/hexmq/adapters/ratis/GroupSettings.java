package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.ReplicaId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How one replica takes part in its broker group's log: RocketMQ's DLedger settings ({@code dLegerGroup},
 * {@code dLegerPeers}, {@code dLegerSelfId}, {@code preferredLeaderId}, the flush type) plus what Raft
 * needs besides. Validated on construction; every rejection is one line naming the setting.
 *
 * @param group the group's name (the broker name); the same name always means the same group
 * @param peers every replica of the group, this one included: 1, 3 or 5 of them
 * @param self which of {@code peers} this replica is
 * @param storageDir where this replica keeps its log and its snapshot marker
 * @param electionTimeoutMin a follower that heard nothing from a leader for a random time between the
 *     two bounds starts an election; the leader's heartbeat runs at half the minimum
 * @param snapshotThreshold after this many log entries the stores are made durable and the log purged, up to
 *     the end of the newest closed log segment (the log is never cut inside a segment)
 * @param logFlush when a replica counts an entry as held
 * @param preferredLeader the replica that takes leadership back whenever it is up to date
 * @param logSegmentSize the size of one log file; the log is purged a whole file at a time
 */
public record GroupSettings(String group, List<GroupPeer> peers, ReplicaId self, Path storageDir,
                            Duration electionTimeoutMin, Duration electionTimeoutMax, long snapshotThreshold,
                            LogFlush logFlush, Optional<ReplicaId> preferredLeader, long logSegmentSize) {

    /** A failover within about 3 s on a LAN; heartbeats every 375 ms keep an idle group cheap. */
    public static final Duration DEFAULT_ELECTION_TIMEOUT_MIN = Duration.ofMillis(750);
    public static final Duration DEFAULT_ELECTION_TIMEOUT_MAX = Duration.ofMillis(1500);
    public static final long DEFAULT_SNAPSHOT_THRESHOLD = 100_000;
    public static final long DEFAULT_LOG_SEGMENT_SIZE = 64L << 20;

    private static final long MIN_LOG_SEGMENT_SIZE = 16L << 10;

    public GroupSettings {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(peers, "peers");
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(storageDir, "storageDir");
        Objects.requireNonNull(electionTimeoutMin, "electionTimeoutMin");
        Objects.requireNonNull(electionTimeoutMax, "electionTimeoutMax");
        Objects.requireNonNull(logFlush, "logFlush");
        Objects.requireNonNull(preferredLeader, "preferredLeader");
        peers = List.copyOf(peers);
        if (group.isBlank()) {
            throw new IllegalArgumentException("the group has no name");
        }
        requireOddGroupOfAtMostFive(peers);
        requireDistinct(peers);
        if (!ids(peers).contains(self)) {
            throw new IllegalArgumentException("self id " + self + " is not one of the peers " + ids(peers));
        }
        if (preferredLeader.isPresent() && !ids(peers).contains(preferredLeader.get())) {
            throw new IllegalArgumentException(
                    "preferred leader " + preferredLeader.get() + " is not one of the peers " + ids(peers));
        }
        if (electionTimeoutMin.isNegative() || electionTimeoutMin.isZero()
                || electionTimeoutMax.compareTo(electionTimeoutMin) <= 0) {
            throw new IllegalArgumentException("election timeouts must satisfy 0 < min < max, not "
                    + electionTimeoutMin.toMillis() + " ms .. " + electionTimeoutMax.toMillis() + " ms");
        }
        if (snapshotThreshold < 1) {
            throw new IllegalArgumentException("the snapshot threshold must be at least 1 entry, not " + snapshotThreshold);
        }
        if (logSegmentSize < MIN_LOG_SEGMENT_SIZE) {
            throw new IllegalArgumentException("the log segment size must be at least " + MIN_LOG_SEGMENT_SIZE
                    + " bytes, not " + logSegmentSize);
        }
    }

    /**
     * Settings with the defaults for everything but the group's identity, from DLedger's notation.
     *
     * @param peers {@code n0-host:port;n1-host:port;n2-host:port}
     * @param self the id of this replica among them
     */
    public static GroupSettings of(String group, String peers, String self, Path storageDir) {
        if (self == null || self.isBlank()) {
            throw new IllegalArgumentException("self id is not set");
        }
        return new GroupSettings(group, GroupPeer.parseAll(peers), new ReplicaId(self), storageDir,
                DEFAULT_ELECTION_TIMEOUT_MIN, DEFAULT_ELECTION_TIMEOUT_MAX, DEFAULT_SNAPSHOT_THRESHOLD,
                LogFlush.ASYNC, Optional.empty(), DEFAULT_LOG_SEGMENT_SIZE);
    }

    public GroupSettings withElectionTimeout(Duration min, Duration max) {
        return new GroupSettings(group, peers, self, storageDir, min, max, snapshotThreshold, logFlush,
                preferredLeader, logSegmentSize);
    }

    public GroupSettings withSnapshotThreshold(long entries) {
        return new GroupSettings(group, peers, self, storageDir, electionTimeoutMin, electionTimeoutMax, entries,
                logFlush, preferredLeader, logSegmentSize);
    }

    public GroupSettings withLogFlush(LogFlush flush) {
        return new GroupSettings(group, peers, self, storageDir, electionTimeoutMin, electionTimeoutMax,
                snapshotThreshold, flush, preferredLeader, logSegmentSize);
    }

    public GroupSettings withPreferredLeader(Optional<ReplicaId> preferred) {
        return new GroupSettings(group, peers, self, storageDir, electionTimeoutMin, electionTimeoutMax,
                snapshotThreshold, logFlush, preferred, logSegmentSize);
    }

    public GroupSettings withLogSegmentSize(long bytes) {
        return new GroupSettings(group, peers, self, storageDir, electionTimeoutMin, electionTimeoutMax,
                snapshotThreshold, logFlush, preferredLeader, bytes);
    }

    /** This replica's own entry of {@link #peers}. */
    public GroupPeer selfPeer() {
        return peers.stream().filter(peer -> peer.id().equals(self)).findFirst().orElseThrow();
    }

    private static void requireOddGroupOfAtMostFive(List<GroupPeer> peers) {
        int size = peers.size();
        if (size != 1 && size != 3 && size != 5) {
            throw new IllegalArgumentException("a group has 1, 3 or 5 peers, not " + size
                    + (size % 2 == 0 && size > 0 ? " (an even group tolerates no more failures than one less)" : ""));
        }
    }

    private static void requireDistinct(List<GroupPeer> peers) {
        Set<ReplicaId> ids = new HashSet<>();
        Set<String> addresses = new HashSet<>();
        for (GroupPeer peer : peers) {
            if (!ids.add(peer.id())) {
                throw new IllegalArgumentException("peer id " + peer.id() + " appears twice");
            }
            if (!addresses.add(peer.address())) {
                throw new IllegalArgumentException("peer address " + peer.address() + " appears twice");
            }
        }
    }

    private static List<ReplicaId> ids(List<GroupPeer> peers) {
        return peers.stream().map(GroupPeer::id).toList();
    }
}
