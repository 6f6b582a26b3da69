package io.hexmq.bootstrap.config;

import io.hexmq.adapters.ratis.GroupSettings;
import io.hexmq.adapters.ratis.LogFlush;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.route.BrokerName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether this broker is one replica of a replicated broker group, and how, from RocketMQ's DLedger names
 * ({@code enableDLegerCommitLog}, {@code dLegerGroup}, {@code dLegerPeers}, {@code dLegerSelfId},
 * {@code preferredLeaderId}) and hexmq's own for what Raft needs besides ({@code groupElectionTimeoutMinMillis},
 * {@code groupElectionTimeoutMaxMillis}, {@code groupSnapshotThreshold}, {@code groupLogSegmentSize}). The group's log keeps its files
 * under {@code storePathRootDir/group-log} and flushes as {@code flushDiskType} says.
 */
public final class ReplicationSettings {

    public static final String ENABLE = "enableDLegerCommitLog";
    public static final String GROUP = "dLegerGroup";
    public static final String PEERS = "dLegerPeers";
    public static final String SELF_ID = "dLegerSelfId";
    public static final String PREFERRED_LEADER = "preferredLeaderId";
    public static final String ELECTION_TIMEOUT_MIN = "groupElectionTimeoutMinMillis";
    public static final String ELECTION_TIMEOUT_MAX = "groupElectionTimeoutMaxMillis";
    public static final String SNAPSHOT_THRESHOLD = "groupSnapshotThreshold";
    /** Bytes of one segment of the group's log; the log is purged by whole segments. */
    public static final String LOG_SEGMENT_SIZE = "groupLogSegmentSize";
    /**
     * The group log's directory under {@code storePathRootDir}: not the store's, so never shipped to a follower
     * nor replaced by an installation; a leader's frozen store files and a follower's received ones are made
     * inside it, on the store's file system.
     */
    public static final String GROUP_LOG_DIR = "group-log";

    /** Every setting of a replicated group; any of them without {@link #ENABLE} contradicts it. */
    private static final List<String> GROUP_SETTINGS = List.of(GROUP, PEERS, SELF_ID, PREFERRED_LEADER,
            ELECTION_TIMEOUT_MIN, ELECTION_TIMEOUT_MAX, SNAPSHOT_THRESHOLD, LOG_SEGMENT_SIZE);
    private static final String DLEDGER_PREFIX = "dleger";

    private ReplicationSettings() {
    }

    /**
     * The group this broker replicates in, or empty for a broker on its own (the default).
     *
     * @throws IllegalArgumentException with a one-line reason for a missing, unknown or contradictory setting
     */
    static Optional<GroupSettings> from(RawConfig raw, BrokerName brokerName, Path storePathRootDir,
            String flushDiskType) throws LaunchException {
        if (!raw.bool(ENABLE, false)) {
            for (String key : GROUP_SETTINGS) {
                if (raw.has(key)) {
                    throw new IllegalArgumentException(key + " is set but " + ENABLE + " is not true");
                }
            }
            return Optional.empty();
        }
        String group = raw.string(GROUP, brokerName.value());
        if (!group.equals(brokerName.value())) {
            throw new IllegalArgumentException(GROUP + " " + group + " differs from brokerName " + brokerName.value()
                    + ": a broker group is the replicas of one brokerName");
        }
        if (raw.has("brokerId")) {
            throw new IllegalArgumentException("brokerId is decided by the group's election when " + ENABLE
                    + " is true; remove it");
        }
        String peers = required(raw, PEERS);
        String self = required(raw, SELF_ID);
        GroupSettings defaults = GroupSettings.of(group, peers, self, storePathRootDir.resolve(GROUP_LOG_DIR));
        String preferred = raw.string(PREFERRED_LEADER, "");
        return Optional.of(defaults
                .withElectionTimeout(
                        Duration.ofMillis(raw.longValue(ELECTION_TIMEOUT_MIN, defaults.electionTimeoutMin().toMillis())),
                        Duration.ofMillis(raw.longValue(ELECTION_TIMEOUT_MAX, defaults.electionTimeoutMax().toMillis())))
                .withSnapshotThreshold(raw.longValue(SNAPSHOT_THRESHOLD, defaults.snapshotThreshold()))
                .withLogSegmentSize(raw.longValue(LOG_SEGMENT_SIZE, defaults.logSegmentSize()))
                .withLogFlush(flushDiskType.equals("SYNC_FLUSH") ? LogFlush.SYNC : LogFlush.ASYNC)
                .withPreferredLeader(preferred.isBlank() ? Optional.empty() : Optional.of(new ReplicaId(preferred))));
    }

    /** Fails on a DLedger setting hexmq does not know (a misspelt one would otherwise go unnoticed). */
    static void refuseUnknown(RawConfig raw) {
        for (String key : raw.unreadKeys()) {
            if (key.toLowerCase(Locale.ROOT).startsWith(DLEDGER_PREFIX)) {
                throw new IllegalArgumentException("unknown replication setting " + key + " (known: " + ENABLE
                        + ", " + String.join(", ", GROUP_SETTINGS) + ")");
            }
        }
    }

    /** What GET_BROKER_CONFIG reports of the group. */
    static String describe(Optional<GroupSettings> group) {
        if (group.isEmpty()) {
            return ENABLE + "=false\n";
        }
        GroupSettings settings = group.get();
        return ENABLE + "=true\n"
                + GROUP + "=" + settings.group() + "\n"
                + PEERS + "=" + String.join(";", settings.peers().stream()
                        .map(peer -> peer.id() + "-" + peer.address()).toList()) + "\n"
                + SELF_ID + "=" + settings.self() + "\n"
                + PREFERRED_LEADER + "=" + settings.preferredLeader().map(ReplicaId::value).orElse("") + "\n"
                + ELECTION_TIMEOUT_MIN + "=" + settings.electionTimeoutMin().toMillis() + "\n"
                + ELECTION_TIMEOUT_MAX + "=" + settings.electionTimeoutMax().toMillis() + "\n"
                + SNAPSHOT_THRESHOLD + "=" + settings.snapshotThreshold() + "\n";
    }

    private static String required(RawConfig raw, String key) {
        String value = raw.string(key, "");
        if (value.isBlank()) {
            throw new IllegalArgumentException(key + " must be set when " + ENABLE + " is true");
        }
        return value;
    }
}
