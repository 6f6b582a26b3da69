package io.hexmq.adapters.ratis.apply;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.ratis.server.raftlog.RaftLog;

/**
 * The last entries of this replica's closed Ratis log segments, read from the names Ratis gives their
 * files ({@code log_<first>-<last>} once closed, {@code log_inprogress_<first>} while written).
 *
 * <p>Why a snapshot needs them: Ratis purges its log a whole closed segment at a time, up to the snapshot. A
 * snapshot in the middle of a segment leaves the log starting at that segment's first entry, with the
 * entry before it gone and not the snapshot's either; a follower whose next entry is exactly that first
 * one then gets neither entries (the leader cannot name the previous one) nor a notice to install (it is
 * not behind the log's start) and stays behind for good (RATIS-2487, fixed after Ratis 3.2.2). A snapshot
 * at the last entry of a closed segment leaves the log starting right after the snapshot, which the
 * leader can always name.
 *
 * <p>Used from Ratis's one snapshot thread. Auto-triggered snapshots ask on every applied entry once the
 * threshold passed and until a segment closes, so the directory is listed again only when the open
 * segment seen last is gone (closed, or truncated away); otherwise an answer costs one file lookup.
 */
final class ClosedSegments {

    private static final Pattern CLOSED = Pattern.compile("log_(\\d+)-(\\d+)");
    private static final Pattern OPEN = Pattern.compile("log_inprogress_\\d+");

    private final Path logDir;
    private long[] lastIndexes = new long[0];
    private Path openSegment;

    ClosedSegments(Path logDir) {
        this.logDir = logDir;
    }

    /**
     * The last entry of the newest closed segment that ends above {@code after} and at or below
     * {@code upTo}, or {@link RaftLog#INVALID_LOG_INDEX} if none does.
     */
    long newestEndBetween(long after, long upTo) throws IOException {
        if (openSegment == null || !Files.exists(openSegment)) {
            list();
        }
        for (int i = lastIndexes.length - 1; i >= 0; i--) {
            if (lastIndexes[i] <= upTo) {
                return lastIndexes[i] > after ? lastIndexes[i] : RaftLog.INVALID_LOG_INDEX;
            }
        }
        return RaftLog.INVALID_LOG_INDEX;
    }

    private void list() throws IOException {
        long[] found = new long[8];
        int count = 0;
        Path open = null;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(logDir, "log_*")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                Matcher closed = CLOSED.matcher(name);
                if (closed.matches()) {
                    if (count == found.length) {
                        found = Arrays.copyOf(found, count * 2);
                    }
                    found[count++] = Long.parseLong(closed.group(2));
                } else if (OPEN.matcher(name).matches()) {
                    open = file;
                }
            }
        }
        lastIndexes = Arrays.copyOf(found, count);
        Arrays.sort(lastIndexes);
        openSegment = open;
    }
}
