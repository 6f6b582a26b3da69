// What the file store's crash recovery pays to clear the tail of its last commit-log segment
// (MappedFile.zeroFrom, called by MappedFileQueue.truncateTo after an unclean shutdown): a fresh, sparse
// segment of SIZE_MIB, WRITTEN_MIB of it written and forced, then zeroFrom from just before the written end,
// timed (wall and thread CPU), with the process's resident set after it. Run as a single-file program:
//   java -cp bootstrap/target/hexmq.jar benchmarks/scripts/SegmentTailZeroing.java [DIR] [SIZE_MIB] [WRITTEN_MIB]
import io.hexmq.adapters.file.mmap.MappedFile;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

public class SegmentTailZeroing {

    public static void main(String[] args) throws Exception {
        Path directory = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "/tmp/segment-tail-zeroing"));
        int size = (args.length > 1 ? Integer.parseInt(args[1]) : 1024) << 20;
        int written = (args.length > 2 ? Integer.parseInt(args[2]) : 100) << 20;
        MappedFile segment = MappedFile.open(directory, 0, size);
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 7);
        for (int at = 0; at < written; at += chunk.length) {
            segment.write(at, ByteBuffer.wrap(chunk), chunk.length);
        }
        segment.force();
        var threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        segment.zeroFrom(written - 4096);
        System.out.printf("zeroFrom over the last %d MiB of a %d MiB segment: %.0f ms wall, %.0f ms thread CPU; %s%n",
            (size - written) >> 20, size >> 20, (System.nanoTime() - wall) / 1e6,
            (threads.getCurrentThreadCpuTime() - cpu) / 1e6,
            Files.readString(Path.of("/proc/self/status")).lines().filter(line -> line.startsWith("Rss")).toList());
        segment.delete();
    }
}
