package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * What the file store's key index costs the dispatch of one record: {@link MessageIndex#add} of a record
 * with the properties an official producer writes (a UNIQ_KEY and one KEYS value, so two index entries),
 * into mapped index files of {@code slots} hash slots and {@code entries} entries (the store defaults are
 * 5,000,000 and 20,000,000; the benchmark uses a tenth so that rolling to a new file is part of the
 * figure and the disk stays small: files all but the newest are deleted between iterations). Single
 * writer, as in the dispatcher. Also a query's candidate walk for a key with 16 entries.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class MessageIndexBenchmark {

    @Param({"500000"})
    int slots;

    @Param({"2000000"})
    int entries;

    private Path directory;
    private MessageIndex index;
    private ByteBuffer record;
    private long offset;
    private int recordLength;

    @Setup
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("hexmq-index-bench");
        index = new MessageIndex(directory, slots, entries, System::currentTimeMillis);
        index.load();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("UNIQ_KEY", "7F0000012A3B18B4AAC27E3F1B2C0000");
        properties.put("WAIT", "true");
        properties.put("TAGS", "TagA");
        properties.put("KEYS", "order-20240101-000123");
        MessageEncoder encoder = new MessageEncoder(64 * 1024, HostAddress.of(new byte[] {127, 0, 0, 1}, 10911));
        encoder.encode(Message.builder("BenchTopic", 0, new byte[128])
            .properties(MessageProperties.encode(properties)).build());
        record = encoder.encoded();
        recordLength = MessageLayout.totalSize(record, 0);
        MessageLayout.stamp(record, 0, 0, 0, System.currentTimeMillis());
        for (int i = 0; i < 16; i++) {
            index.add(record, 0, offset, "BenchTopic");
            offset += recordLength;
        }
    }

    @Setup(Level.Iteration)
    public void dropOldFiles() {
        index.deleteBefore(offset);
    }

    @TearDown
    public void tearDown() {
        BenchmarkStores.delete(directory);
    }

    /** Two entries (UNIQ_KEY and one KEYS value) for one record. */
    @Benchmark
    public long addOneRecord() {
        index.add(record, 0, offset, "BenchTopic");
        offset += recordLength;
        return offset;
    }

    /** The candidate walk of a query: the newest 16 entries of a key (a separate state keeps it from growing). */
    @Benchmark
    public int candidatesOfAKey(QueryState state) {
        return state.index.candidates(IndexKeys.hash("BenchTopic", "order-20240101-000123"), 0, Long.MAX_VALUE, 16)
            .size();
    }

    @State(Scope.Benchmark)
    public static class QueryState {
        MessageIndex index;
        Path directory;

        @Setup
        public void setUp(MessageIndexBenchmark outer) throws IOException {
            directory = Files.createTempDirectory("hexmq-index-query-bench");
            index = new MessageIndex(directory, outer.slots, outer.entries, System::currentTimeMillis);
            index.load();
            long at = 0;
            for (int i = 0; i < 100_000; i++) {
                index.add(outer.record, 0, at, i % 1000 == 0 ? "BenchTopic" : "OtherTopic" + (i % 7));
                at += outer.recordLength;
            }
        }

        @TearDown
        public void tearDown() {
                BenchmarkStores.delete(directory);
        }
    }
}
