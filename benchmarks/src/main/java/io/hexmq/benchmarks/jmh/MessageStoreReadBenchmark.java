package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.port.MessageStore;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
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
 * The pull path behind the store port: a consumer reading a queue of 1 KiB messages 32 at a time (a
 * PULL_MESSAGE's batch), wrapping around at the end. One op is one read of 32 messages. Five warmup
 * iterations: the Chronicle read path needs about 8 s before C2 settles (it dips first).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class MessageStoreReadBenchmark extends StoreBenchmark {

    static final int MESSAGES = 100_000;
    static final int BATCH = 32;

    @Param({"file", "chronicle"})
    String store;

    private Path directory;
    private MessageStore messageStore;
    private long offset;

    @Setup(Level.Trial)
    public void fill() {
        directory = BenchmarkStores.temporaryDirectory();
        messageStore = BenchmarkStores.open(store, directory);
        BenchmarkStores.fillQueue(messageStore, MESSAGES);
    }

    @TearDown(Level.Trial)
    public void close() {
        messageStore.shutdown();
        BenchmarkStores.delete(directory);
    }

    @Benchmark
    public ReadResult read32() {
        ReadResult result = messageStore.read(BenchmarkStores.TOPIC, 0, offset, BATCH, MessageFilter.ALL);
        offset = result.nextBeginOffset() >= MESSAGES ? 0 : result.nextBeginOffset();
        return result;
    }
}
