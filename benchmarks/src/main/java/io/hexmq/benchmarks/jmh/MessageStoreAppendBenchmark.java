package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.port.MessageStore;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The send path behind the store port: appending 1 KiB messages with asynchronous flush, from one
 * thread and from two (each on its own queue, contending for the one commit log). Run with
 * {@code -prof gc}: the store should add next to nothing per message beyond the {@link AppendResult}
 * the port returns.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MessageStoreAppendBenchmark extends StoreBenchmark {

    static final int BODY_BYTES = 1024;

    @Param({"file", "chronicle"})
    String store;

    private Path directory;
    private MessageStore messageStore;
    private final AtomicInteger queues = new AtomicInteger();

    @Setup(Level.Trial)
    public void open() {
        directory = BenchmarkStores.temporaryDirectory();
        messageStore = BenchmarkStores.open(store, directory);
    }

    @TearDown(Level.Trial)
    public void close() {
        messageStore.shutdown();
        BenchmarkStores.delete(directory);
    }

    /** One producer thread: its own queue and its own 1 KiB message. */
    @State(Scope.Thread)
    public static class Producer {
        Message message;

        @Setup(Level.Trial)
        public void prepare(MessageStoreAppendBenchmark benchmark) {
            message = BenchmarkStores.message(benchmark.queues.getAndIncrement(), BODY_BYTES);
        }
    }

    @Benchmark
    @Threads(1)
    public AppendResult append1Thread(Producer producer) {
        return messageStore.append(producer.message);
    }

    @Benchmark
    @Threads(2)
    public AppendResult append2Threads(Producer producer) {
        return messageStore.append(producer.message);
    }
}
