package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RatisConfigurationTest {

    /**
     * Ratis 3.3.0's composed appends can leave a follower with a commit index past the end of its log after a
     * truncation, which no leader gets it out of (see {@link RatisConfiguration}); every flush mode appends
     * each request itself.
     */
    @ParameterizedTest
    @EnumSource(LogFlush.class)
    void followersAppendEachRequestThemselves_neverComposed(LogFlush flush) {
        RaftProperties properties = propertiesOfReplicaN0(flush);

        assertThat(RaftServerConfigKeys.Log.appendEntriesComposeEnabled(properties)).isFalse();
    }

    /** A commit-index metadata entry after each commit would double the replication rounds of every send. */
    @ParameterizedTest
    @EnumSource(LogFlush.class)
    void theLogCarriesNoCommitIndexEntries_oneRoundPerSend(LogFlush flush) {
        RaftProperties properties = propertiesOfReplicaN0(flush);

        assertThat(RaftServerConfigKeys.Log.logMetadataEnabled(properties)).isFalse();
    }

    private static RaftProperties propertiesOfReplicaN0(LogFlush flush) {
        return RatisConfiguration.properties(GroupSettings.of("broker-a",
                "n0-127.0.0.1:40911;n1-127.0.0.1:40912;n2-127.0.0.1:40913", "n0", Path.of("raft")).withLogFlush(flush));
    }
}
