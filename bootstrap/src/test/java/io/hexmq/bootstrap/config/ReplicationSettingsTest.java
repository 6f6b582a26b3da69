package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.ratis.GroupSettings;
import io.hexmq.adapters.ratis.LogFlush;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.domain.replication.ReplicaId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReplicationSettingsTest {

    private static final Map<String, String> DLEDGER = Map.of(
            "brokerName", "RaftNode00",
            "storePathRootDir", "/var/hexmq/n1",
            "enableDLegerCommitLog", "true",
            "dLegerGroup", "RaftNode00",
            "dLegerPeers", "n0-127.0.0.1:40911;n1-127.0.0.1:40912;n2-127.0.0.1:40913",
            "dLegerSelfId", "n1");

    @Test
    void leavesABrokerOnItsOwn_byDefault() throws LaunchException {
        BrokerConfig config = BrokerConfig.from(RawConfig.of(Map.of()));

        assertThat(config.replication()).isEmpty();
        assertThat(config.properties()).contains("enableDLegerCommitLog=false");
    }

    @Test
    void takesADLedgerBrokerConf_asItIs() throws LaunchException {
        GroupSettings group = BrokerConfig.from(RawConfig.of(DLEDGER)).replication().orElseThrow();

        assertThat(group.group()).isEqualTo("RaftNode00");
        assertThat(group.self()).isEqualTo(new ReplicaId("n1"));
        assertThat(group.peers()).hasSize(3);
        assertThat(group.storageDir()).isEqualTo(Path.of("/var/hexmq/n1/group-log"));
        assertThat(group.logFlush()).isEqualTo(LogFlush.ASYNC);
        assertThat(group.preferredLeader()).isEmpty();
    }

    @Test
    void takesThePreferredLeader_theFlushType_andHexmqsRaftSettings() throws LaunchException {
        GroupSettings group = BrokerConfig.from(RawConfig.of(with(DLEDGER, Map.of("preferredLeaderId", "n0",
                "flushDiskType", "SYNC_FLUSH", "groupElectionTimeoutMinMillis", "300",
                "groupElectionTimeoutMaxMillis", "600", "groupSnapshotThreshold", "5000",
                "groupLogSegmentSize", "1048576")))).replication().orElseThrow();

        assertThat(group.preferredLeader()).isEqualTo(Optional.of(new ReplicaId("n0")));
        assertThat(group.logFlush()).isEqualTo(LogFlush.SYNC);
        assertThat(group.electionTimeoutMin()).isEqualTo(Duration.ofMillis(300));
        assertThat(group.electionTimeoutMax()).isEqualTo(Duration.ofMillis(600));
        assertThat(group.snapshotThreshold()).isEqualTo(5000);
        assertThat(group.logSegmentSize()).isEqualTo(1 << 20);
    }

    @Test
    void failsInOneLine_whenAGroupSettingComesWithoutEnablingTheGroup() {
        assertRefused(Map.of("dLegerPeers", "n0-127.0.0.1:40911"), "dLegerPeers is set but enableDLegerCommitLog");
    }

    @Test
    void failsInOneLine_whenTheGroupIsNotTheBrokerName() {
        assertRefused(with(DLEDGER, Map.of("dLegerGroup", "other")), "differs from brokerName RaftNode00");
    }

    @Test
    void failsInOneLine_whenABrokerIdIsGivenToAReplica() {
        assertRefused(with(DLEDGER, Map.of("brokerId", "1")), "brokerId is decided by the group's election");
    }

    @Test
    void failsInOneLine_whenPeersOrSelfAreMissingOrWrong() {
        Map<String, String> noSelf = new HashMap<>(DLEDGER);
        noSelf.remove("dLegerSelfId");
        assertRefused(noSelf, "dLegerSelfId must be set");
        assertRefused(with(DLEDGER, Map.of("dLegerSelfId", "n7")), "self id n7 is not one of the peers");
        assertRefused(with(DLEDGER, Map.of("preferredLeaderId", "n9")), "preferred leader n9");
    }

    @Test
    void failsInOneLine_onAnUnknownDLedgerSetting() {
        assertRefused(with(DLEDGER, Map.of("dLegerSelfID", "n1")), "unknown replication setting dLegerSelfID");
    }

    private static void assertRefused(Map<String, String> raw, String reason) {
        assertThatThrownBy(() -> BrokerConfig.from(RawConfig.of(raw)))
                .isInstanceOf(LaunchException.class)
                .hasMessageStartingWith("invalid Broker setting: ")
                .hasMessageContaining(reason)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static Map<String, String> with(Map<String, String> base, Map<String, String> more) {
        Map<String, String> all = new HashMap<>(base);
        all.putAll(more);
        return all;
    }
}
