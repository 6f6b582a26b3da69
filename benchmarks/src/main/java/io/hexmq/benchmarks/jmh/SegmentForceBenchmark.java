package io.hexmq.benchmarks.jmh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
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
 * What one SYNC_FLUSH force costs the file store: write {@code recordBytes} at the next position of a
 * mapped segment of {@code segmentMiB} MiB (RocketMQ's commit-log default is 1 GiB), then force either only
 * the range written since the last force ({@code MappedByteBuffer.force(index, length)}, what
 * {@code MappedFile.flush} does) or the whole mapping ({@code force()}). The segment is written from its
 * start on, so the whole-mapping force also walks the written part that is already clean.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class SegmentForceBenchmark {

    @Param({"64", "1024"})
    int segmentMiB;

    @Param({"1024"})
    int recordBytes;

    private Path file;
    private FileChannel channel;
    private MappedByteBuffer segment;
    private ByteBuffer record;
    private int position;
    private int flushed;

    @Setup
    public void setUp() throws IOException {
        file = Files.createTempFile("hexmq-force-bench", ".segment");
        channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, (long) segmentMiB << 20);
        record = ByteBuffer.allocate(recordBytes);
    }

    @TearDown
    public void tearDown() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }

    private void write() {
        if (position + recordBytes > segment.capacity()) {
            position = 0;
            flushed = 0;
        }
        record.putLong(0, position);
        segment.put(position, record, 0, recordBytes);
        position += recordBytes;
    }

    @Benchmark
    public int forceWrittenRange() {
        write();
        segment.force(flushed, position - flushed);
        flushed = position;
        return position;
    }

    @Benchmark
    public int forceWholeSegment() {
        write();
        segment.force();
        flushed = position;
        return position;
    }
}
