package io.hexmq.adapters.ratis.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.ratis.server.raftlog.RaftLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClosedSegmentsTest {

    @TempDir
    Path logDir;

    @Test
    void answersTheNewestClosedSegmentEndingWithinTheRange_ignoringTheOpenOneAndOtherFiles() throws IOException {
        touch("log_0-14", "log_15-29", "log_30-44", "log_inprogress_45", "raft-meta", "log_inprogress_45.corrupt");
        ClosedSegments segments = new ClosedSegments(logDir);

        assertThat(segments.newestEndBetween(-1, 50)).isEqualTo(44);
        assertThat(segments.newestEndBetween(-1, 43)).isEqualTo(29);
        assertThat(segments.newestEndBetween(14, 29)).isEqualTo(29);
        assertThat(segments.newestEndBetween(29, 43)).as("nothing closed past the last snapshot")
                .isEqualTo(RaftLog.INVALID_LOG_INDEX);
        assertThat(segments.newestEndBetween(-1, 13)).isEqualTo(RaftLog.INVALID_LOG_INDEX);
    }

    @Test
    void seesASegmentClose_onceTheOpenOneItListedIsRenamed() throws IOException {
        touch("log_0-14", "log_inprogress_15");
        ClosedSegments segments = new ClosedSegments(logDir);
        assertThat(segments.newestEndBetween(14, 40)).isEqualTo(RaftLog.INVALID_LOG_INDEX);

        Files.move(logDir.resolve("log_inprogress_15"), logDir.resolve("log_15-29"));
        touch("log_inprogress_30");

        assertThat(segments.newestEndBetween(14, 40)).isEqualTo(29);
    }

    @Test
    void findsNothing_inALogWithoutClosedSegments() throws IOException {
        touch("log_inprogress_0");

        assertThat(new ClosedSegments(logDir).newestEndBetween(-1, 100)).isEqualTo(RaftLog.INVALID_LOG_INDEX);
    }

    private void touch(String... names) throws IOException {
        for (String name : names) {
            Files.createFile(logDir.resolve(name));
        }
    }
}
