package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.file.state.JsonPopStateStore;
import io.hexmq.adapters.file.state.LogFilePopStateStore;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one POP and its ack cost the POP state on disk, through {@link PopLedger} as the use cases write it:
 * a checkpoint added and one removed (two writes), with {@code inFlight} checkpoints held besides. {@code json}
 * is the former store, which rewrites the whole state atomically on every write (a forced file and directory);
 * {@code log} is {@link LogFilePopStateStore} under ASYNC_FLUSH (an append of the change, forced with the next
 * snapshot) and SYNC_FLUSH (an append forced each write). One thread, so no write shares its force.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class PopStateWriteBenchmark {

    private static final GroupName GROUP = new GroupName("cg-bench");
    private static final TopicName TOPIC = new TopicName("BenchTopic");

    @Param({"json", "log-async", "log-sync"})
    String store;

    @Param({"100", "10000"})
    int inFlight;

    private Path directory;
    private PopLedger ledger;
    private long next;

    @Setup
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("hexmq-pop-state-bench");
        PopStateStore chosen = switch (store) {
            case "json" -> new JsonPopStateStore(directory.resolve("popState.json"));
            case "log-async" -> new LogFilePopStateStore(directory, FlushDiskType.ASYNC_FLUSH);
            default -> new LogFilePopStateStore(directory, FlushDiskType.SYNC_FLUSH);
        };
        ledger = new PopLedger(new PopCheckpoints(List.of()), chosen, new ConsumerOffsets(ConsumerOffsetTable.EMPTY));
        ledger.recover();
        List<PopCheckpoint> held = new ArrayList<>(inFlight);
        for (next = 0; next < inFlight; next++) {
            held.add(checkpoint(next));
        }
        ledger.change(checkpoints -> {
            checkpoints.add(held);
            return true;
        });
    }

    @TearDown
    public void tearDown() throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** One message popped (the newest) and one acked (the oldest), so {@code inFlight} stays as it is. */
    @Benchmark
    public boolean popAndAck() {
        PopCheckpoint popped = checkpoint(next);
        long oldest = next - inFlight;
        next++;
        ledger.change(checkpoints -> {
            checkpoints.add(List.of(popped));
            return true;
        });
        return ledger.change(checkpoints -> checkpoints.remove(GROUP, TOPIC, 0, oldest, oldest).isPresent());
    }

    private static PopCheckpoint checkpoint(long offset) {
        return PopCheckpoint.unordered(GROUP, TOPIC, 0, offset, offset, 60_000);
    }
}
