package io.hexmq.adapters.chronicle;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unclean stops for real: a {@link CrashingWriter} in a child JVM (same class path, the Chronicle flags
 * of deps.md) is killed, then this JVM reopens its directory.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ChronicleCrashTest {

    /**
     * The flags Chronicle Queue needs on Java 17 (shared/docs/deps.md), as this JVM got them from the
     * build's {@code chronicle.jvm.flags}: the child runs Chronicle with exactly what this one does.
     */
    private static final List<String> CHRONICLE_FLAGS = ManagementFactory.getRuntimeMXBean().getInputArguments()
        .stream()
        .filter(flag -> flag.startsWith("--add-opens=") || flag.startsWith("--add-exports=")
            || flag.startsWith("-Dchronicle."))
        .toList();
    private static final int ACKS_BEFORE_KILL = 2000;
    private static final long DAY = 24 * 3_600_000L;

    @TempDir
    Path root;

    private Process child;
    private ChronicleMessageStore store;

    private record Ack(long queueOffset, long commitLogOffset) {
    }

    @AfterEach
    void cleanUp() {
        if (child != null) {
            child.destroyForcibly();
        }
        if (store != null) {
            store.shutdown();
        }
    }

    @Test
    void killMinus9_losesNoAcknowledgedMessage() throws Exception {
        child = startWriter("forever");
        List<Ack> acks = readAcks(child, ACKS_BEFORE_KILL);
        child.destroyForcibly().waitFor();

        store = reopen();

        long max = store.maxOffset(CrashingWriter.TOPIC, 0);
        assertThat(max).isGreaterThanOrEqualTo(acks.size());
        for (Ack ack : acks) {
            ReadResult read = store.read(CrashingWriter.TOPIC, 0, ack.queueOffset(), 1, MessageFilter.ALL);
            assertThat(read.messages()).hasSize(1);
            StoredMessage stored = StoredMessage.decode(read.messages().get(0));
            assertThat(new String(stored.body(), StandardCharsets.UTF_8)).isEqualTo("m" + ack.queueOffset());
            assertThat(stored.commitLogOffset()).isEqualTo(ack.commitLogOffset());
            assertThat(store.lookup(ack.commitLogOffset())).isPresent();
        }
        long nextPhysical = store.commitLogMaxOffset();
        AppendResult after = store.append(CrashingWriter.message(max));
        assertThat(after.queueOffset()).isEqualTo(max);
        assertThat(after.commitLogOffset()).isEqualTo(nextPhysical);
    }

    @Test
    void killMinus9_afterACheckpoint_scansOnlyTheLogAfterIt_andLosesNoAcknowledgedMessage() throws Exception {
        child = startWriter("forever");
        BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
            StandardCharsets.UTF_8));
        List<Ack> acks = new ArrayList<>();
        // the writer's checkpoint thread writes its first checkpoint within a second; the test's timeout bounds this
        while (!Files.exists(root.resolve("checkpoint"))) {
            acks.add(readAck(lines));
        }
        for (int i = 0; i < 500; i++) {
            acks.add(readAck(lines));
        }
        child.destroyForcibly().waitFor();

        store = reopen();

        long max = store.maxOffset(CrashingWriter.TOPIC, 0);
        assertThat(max).isGreaterThanOrEqualTo(acks.size());
        assertThat(store.scannedAtStart()).isPositive().isLessThan(max);
        for (Ack ack : acks) {
            ReadResult read = store.read(CrashingWriter.TOPIC, 0, ack.queueOffset(), 1, MessageFilter.ALL);
            assertThat(StoredMessage.decode(read.messages().get(0)).commitLogOffset()).isEqualTo(ack.commitLogOffset());
        }
        assertThat(store.append(CrashingWriter.message(max)).queueOffset()).isEqualTo(max);
    }

    private static Ack readAck(BufferedReader lines) throws IOException {
        String line = lines.readLine();
        assertThat(line).as("the writer stopped early").startsWith("ACK ");
        String[] fields = line.split(" ");
        return new Ack(Long.parseLong(fields[1]), Long.parseLong(fields[2]));
    }

    @Test
    void deathInTheMiddleOfAnAppend_dropsOnlyThatAppend_andReusesItsOffsets() throws Exception {
        child = startWriter("halt-mid-append", "5");
        List<Ack> acks = readAcks(child, 5);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isEqualTo(9);
        Ack last = acks.get(acks.size() - 1);
        store = reopen();
        int lastLength = store.lookup(last.commitLogOffset()).orElseThrow().remaining();

        assertThat(store.maxOffset(CrashingWriter.TOPIC, 0)).isEqualTo(5);
        AppendResult again = store.append(CrashingWriter.message(5));
        assertThat(again.queueOffset()).isEqualTo(5);
        assertThat(again.commitLogOffset()).isEqualTo(last.commitLogOffset() + lastLength);
        store.shutdown();

        store = reopen();
        ReadResult all = store.read(CrashingWriter.TOPIC, 0, 0, 32, MessageFilter.ALL);
        assertThat(all.messages()).extracting(record -> new String(StoredMessage.decode(record).body(),
            StandardCharsets.UTF_8)).containsExactly("m0", "m1", "m2", "m3", "m4", "m5");
        assertThat(store.lookup(again.commitLogOffset())).isPresent();
    }

    @Test
    void deathInTheMiddleOfAnAppend_thenARestartInTheNextCycle_appendsThereAndKeepsEveryMessage() throws Exception {
        child = startWriter("halt-mid-append", "5");
        readAcks(child, 5);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long nextDay = System.currentTimeMillis() + DAY;
        store = reopenAt(nextDay);

        AppendResult again = store.append(CrashingWriter.message(5));
        AppendResult more = store.append(CrashingWriter.message(6));
        assertThat(again.queueOffset()).isEqualTo(5);
        assertThat(more.queueOffset()).isEqualTo(6);
        assertThat(store.maxOffset(CrashingWriter.TOPIC, 0)).isEqualTo(7);
        assertThat(bodies(store)).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6");
        store.shutdown();

        store = reopenAt(nextDay);
        assertThat(store.maxOffset(CrashingWriter.TOPIC, 0)).isEqualTo(7);
        assertThat(bodies(store)).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6");
    }

    @Test
    void killMinus9_thenARestartInTheNextCycle_appendsThereAndKeepsEveryMessage() throws Exception {
        child = startWriter("forever");
        List<Ack> acks = readAcks(child, 20);
        child.destroyForcibly().waitFor();
        long nextDay = System.currentTimeMillis() + DAY;
        store = reopenAt(nextDay);
        long max = store.maxOffset(CrashingWriter.TOPIC, 0);
        assertThat(max).isGreaterThanOrEqualTo(acks.size());

        for (long i = max; i < max + 3; i++) {
            assertThat(store.append(CrashingWriter.message(i)).queueOffset()).isEqualTo(i);
        }
        store.shutdown();
        store = reopenAt(nextDay);
        assertThat(store.maxOffset(CrashingWriter.TOPIC, 0)).isEqualTo(max + 3);
        assertThat(store.read(CrashingWriter.TOPIC, 0, max, 32, MessageFilter.ALL).messages()).hasSize(3);
    }

    private static List<String> bodies(ChronicleMessageStore store) {
        return store.read(CrashingWriter.TOPIC, 0, 0, 32, MessageFilter.ALL).messages().stream()
            .map(record -> new String(StoredMessage.decode(record).body(), StandardCharsets.UTF_8)).toList();
    }

    private ChronicleMessageStore reopenAt(long millis) {
        ChronicleMessageStore opened = TestStores.store(TestStores.settings(root), CrashingWriter.STORE_HOST,
            () -> millis);
        opened.start();
        return opened;
    }

    private ChronicleMessageStore reopen() {
        ChronicleMessageStore opened = TestStores.store(TestStores.settings(root), CrashingWriter.STORE_HOST,
            System::currentTimeMillis);
        opened.start();
        return opened;
    }

    private Process startWriter(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(CHRONICLE_FLAGS);
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(CrashingWriter.class.getName());
        command.add(root.toString());
        command.addAll(List.of(args));
        Path errors = root.resolve("crashing-writer.err");
        return new ProcessBuilder(command).redirectError(errors.toFile()).start();
    }

    /** Reads acknowledgements until {@code wanted} arrived; the test's timeout bounds the wait. */
    private static List<Ack> readAcks(Process process, int wanted) throws IOException {
        List<Ack> acks = new ArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8));
        while (acks.size() < wanted) {
            String line = lines.readLine();
            assertThat(line).as("the writer stopped early").isNotNull();
            if (line.startsWith("ACK ")) {
                String[] fields = line.split(" ");
                acks.add(new Ack(Long.parseLong(fields[1]), Long.parseLong(fields[2])));
            }
        }
        return acks;
    }
}
