package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.storage.AppendEncoding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefault thread takes the page faults of the pages ahead of the commit log's end, so the appending
 * thread does not. Counted with the kernel's per-thread minor-fault counter (Linux only), which is what the
 * appender saves: without the prefaulter, every page an append opens is one more fault on the appender.
 */
class CommitLogPrefaulterTest {

    private static final Path THREAD_STAT = Path.of("/proc/thread-self/stat");
    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final int SEGMENT_SIZE = 32 << 20;
    private static final int AHEAD = 8 << 20;
    private static final int PAGE = 4096;
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path root;

    private final MessageEncoder encoder = new MessageEncoder(64 * 1024, STORE_HOST);
    private final AppendTicket ticket = new AppendTicket();
    private CommitLog commitLog;
    private CommitLogPrefaulter prefaulter;

    @BeforeEach
    void open() {
        commitLog = new CommitLog(root.resolve("commitlog"), SEGMENT_SIZE, 64 * 1024, new ManualClock(1_700_000_000_000L));
        commitLog.load();
        commitLog.recover(0, false);
        prefaulter = new CommitLogPrefaulter(commitLog, AHEAD);
        encoder.encode(Message.builder("TopicTest", 0, new byte[1000]).build());
    }

    @AfterEach
    void close() {
        prefaulter.stop();
    }

    private void append() {
        commitLog.append(encoder.encoded(), encoder.encodedLength(), 1, null, AppendEncoding.CLOCK_TIME, ticket);
        prefaulter.written(ticket.endOffset());
    }

    /** Appends about {@code bytes} and returns the minor faults this thread took meanwhile. */
    private long faultsWhileAppending(long bytes) throws IOException {
        long before = ownMinorFaults();
        long until = commitLog.writtenOffset() + bytes;
        while (commitLog.writtenOffset() < until) {
            append();
        }
        return ownMinorFaults() - before;
    }

    @Test
    void keepsTheRangeAheadOfTheEndFaultedIn_asAppendsMoveTheEnd() throws Exception {
        append();
        prefaulter.start();
        awaitFaultedAhead();

        for (int i = 0; i < 10_000; i++) {
            append();
        }

        awaitFaultedAhead();
        assertThat(prefaulter.faultedUpTo()).isLessThanOrEqualTo(Math.min(commitLog.writtenOffset() + AHEAD, SEGMENT_SIZE));
    }

    @Test
    void theAppenderTakesNoFaultOfItsOwn_onPagesThePrefaulterReachedFirst() throws Exception {
        assumeTrue(Files.isReadable(THREAD_STAT), "needs Linux's per-thread fault counter");
        append();
        long alone = faultsWhileAppending(AHEAD / 2);
        // the control: every page opened was a fault of this thread's (the kernel maps a few at a time at most)
        assertThat(alone).isGreaterThan(AHEAD / 2 / PAGE / 8);

        prefaulter.start();
        awaitFaultedAhead();
        long prefaulted = faultsWhileAppending(AHEAD / 4);

        assertThat(prefaulted).as("faults with the prefaulter, against %d alone for twice the bytes", alone)
            .isLessThan(alone / 8);
    }

    @Test
    void followsTheWriterIntoTheNextSegment() throws Exception {
        prefaulter.start();
        while (commitLog.writtenOffset() < SEGMENT_SIZE + PAGE) {
            append();
        }

        awaitFaultedAhead();
        assertThat(commitLog.lastSegment().fromOffset()).isEqualTo(SEGMENT_SIZE);
        assertThat(prefaulter.faultedUpTo()).isGreaterThan(SEGMENT_SIZE + (long) AHEAD / 2);
    }

    private void awaitFaultedAhead() throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        long segmentEnd;
        do {
            segmentEnd = commitLog.lastSegment().fromOffset() + SEGMENT_SIZE;
            long wanted = Math.min(commitLog.writtenOffset() + AHEAD / 2, segmentEnd);
            if (prefaulter.faultedUpTo() >= wanted) {
                return;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < deadline);
        throw new AssertionError("faulted up to " + prefaulter.faultedUpTo() + ", end " + commitLog.writtenOffset());
    }

    /** Field 10 of the thread's stat line (minflt), counted after the parenthesised name. */
    private static long ownMinorFaults() throws IOException {
        String stat = Files.readString(THREAD_STAT);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[7]);
    }
}
