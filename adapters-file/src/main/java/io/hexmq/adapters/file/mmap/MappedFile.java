package io.hexmq.adapters.file.mmap;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * One fixed-size segment file, memory-mapped whole, named by the 20-digit offset of its first byte
 * within the log it belongs to. It keeps a write cursor (bytes written, advanced by the single writer
 * after copying) and a flush cursor (bytes forced to disk).
 *
 * <p>Writers and readers use absolute gets and puts on {@link #buffer()} or views from
 * {@link #view}, never its position. The mapping is not released explicitly: a view handed to a reader
 * stays valid even after the file is deleted, and the garbage collector unmaps it.
 *
 * <p>The pull path depends on that: a pull answer's body is these views themselves, which Netty writes
 * to the socket later and on another thread. Every view refers to the one mapped buffer, and the
 * mapping ends only when that buffer and all its views are unreachable; {@link #delete()} unlinks the
 * file, which leaves mapped pages readable. Unmapping explicitly (a cleaner) would need the views
 * counted first, or a late write would read unmapped memory.
 *
 * <p>The file's channel is closed as soon as the segment is mapped (a mapping does not depend on the
 * channel that made it): a broker keeps one mapped segment per consume queue that ever held a message,
 * and holding their channels too cost one open file each, so that with tens of thousands of queues in
 * use the process ran into its open-files limit ({@code ulimit -n}) long before the kernel's limit on
 * mappings ({@code vm.max_map_count}).
 */
public final class MappedFile {

    /**
     * The memory page on the platforms the store runs on: {@link #zeroFrom} writes zeros by hand up to a
     * page boundary before cutting the file there, and {@link #open} writes a new file's first page. Any
     * value would be correct (truncation zeroes a partial page itself); this one keeps each to one page.
     */
    private static final int PAGE = 4096;
    private static final byte[] ZEROS = new byte[PAGE];
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final Path path;
    private final long fromOffset;
    private final int size;
    private final MappedByteBuffer buffer;
    private volatile int writePosition;
    private volatile int flushedPosition;

    private MappedFile(Path path, long fromOffset, int size, MappedByteBuffer buffer) {
        this.path = path;
        this.fromOffset = fromOffset;
        this.size = size;
        this.buffer = buffer;
    }

    /** Opens (creating if missing) the segment starting at {@code fromOffset} in {@code directory}. */
    public static MappedFile open(Path directory, long fromOffset, int size) {
        Path path = directory.resolve(fileName(fromOffset));
        try {
            Files.createDirectories(directory);
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                long existing = channel.size();
                if (existing != 0 && existing != size) {
                    throw new StorageException("segment " + path + " has " + existing + " bytes, expected " + size);
                }
                if (existing == 0) {
                    cacheFirstPage(channel, size);
                }
                return new MappedFile(path, fromOffset, size, channel.map(FileChannel.MapMode.READ_WRITE, 0, size));
            }
        } catch (IOException e) {
            throw new StorageException("cannot map segment " + path, e);
        }
    }

    /**
     * Writes a new segment's first page through its channel, so that the page is in the page cache before
     * the first write through the mapping. Otherwise that write faults on a hole, and the kernel reads
     * around the fault as it does for any uncached file page: up to the device's read-ahead
     * ({@code read_ahead_kb}, 8 MiB on some virtual disks), so the first message to a new queue had the
     * kernel zero and cache its whole 6 MB consume-queue file, about 4 ms of CPU on the sending thread.
     * A written page has no read-ahead mark, so faulting it reads nothing more. The page would be
     * written soon anyway; it costs one block of disk at once instead of at the first flush.
     */
    private static void cacheFirstPage(FileChannel channel, int size) throws IOException {
        ByteBuffer zeros = ByteBuffer.wrap(ZEROS, 0, Math.min(PAGE, size));
        while (zeros.hasRemaining()) {
            channel.write(zeros, zeros.position());
        }
    }

    /** The file name of a segment: its start offset, zero-padded to 20 digits. */
    public static String fileName(long fromOffset) {
        String digits = Long.toString(fromOffset);
        return "0".repeat(20 - digits.length()) + digits;
    }

    /**
     * The segment files in {@code directory} (created when missing), by start offset: their 20-digit
     * names sort as their offsets do.
     */
    public static List<Path> segmentsIn(Path directory) throws IOException {
        Files.createDirectories(directory);
        try (Stream<Path> listing = Files.list(directory)) {
            return listing.filter(path -> isSegmentName(path.getFileName().toString())).sorted().toList();
        }
    }

    /** Whether a file name is a segment name (20 digits). */
    private static boolean isSegmentName(String name) {
        if (name.length() != 20) {
            return false;
        }
        for (int i = 0; i < 20; i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    public Path path() {
        return path;
    }

    public long fromOffset() {
        return fromOffset;
    }

    public int size() {
        return size;
    }

    /** The mapped bytes; absolute access only. */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int writePosition() {
        return writePosition;
    }

    public void setWritePosition(int position) {
        this.writePosition = position;
    }

    public int flushedPosition() {
        return flushedPosition;
    }

    public void setFlushedPosition(int position) {
        this.flushedPosition = position;
    }

    /** Copies {@code length} bytes of {@code source} from index 0 to {@code position}. */
    public void write(int position, ByteBuffer source, int length) {
        buffer.put(position, source, 0, length);
    }

    /**
     * Takes the page faults of the pages from {@code from}'s page boundary up to {@code to} now, on the calling
     * thread, so that a writer reaching them later finds them mapped and writable. Changes no byte, however it
     * races with that writer: each page's first int is compare-and-set from zero to zero, which the processor
     * performs as one atomic write access (faulting the page in for writing) and which stores nothing but the
     * zero it found; where the writer got there first, the value is not zero and nothing is stored.
     */
    public void prefault(int from, int to) {
        int end = Math.min(to, size);
        for (long page = ((long) from + PAGE - 1) / PAGE * PAGE; page < end; page += PAGE) {
            INTS.compareAndSet(buffer, (int) page, 0, 0);
        }
    }

    /** A read-only view of {@code length} bytes at {@code position}, position 0. */
    public ByteBuffer view(int position, int length) {
        return buffer.slice(position, length).asReadOnlyBuffer();
    }

    /** Forces bytes up to {@code position} to disk. */
    public void flush(int position) {
        int from = flushedPosition;
        if (position > from) {
            buffer.force(from, position - from);
            flushedPosition = position;
        }
    }

    /** Forces every dirty page of the file, wherever it was written (for files written at random positions). */
    public void force() {
        buffer.force();
    }

    /**
     * Makes every byte from {@code position} to the end read as zero, on disk as through the mapping, so that
     * a later recovery scan cannot mistake old bytes behind a truncation point for records. Only the rest
     * of {@code position}'s page is written; the file is then cut at that page boundary and extended back to
     * its size, and the kernel reads the re-grown range as a hole of zeros, in this mapping too (a shared
     * mapping shows the file: truncation drops the cut pages from every mapping, and the next touch faults
     * in a zero page). That costs a few system calls where zeroing through the mapping read the whole tail
     * (a GiB for a commit-log segment after a crash), and it returns the tail's blocks to the file system.
     * The new length is forced before returning: a crash right after must not bring the old blocks back.
     *
     * <p>Nothing may read or write the range while it runs (a touch between the cut and the re-growth
     * would fault): it is for start-up, before the segment is shared.
     */
    public void zeroFrom(int position) {
        int pageEnd = (int) Math.min(size, ((long) position + PAGE - 1) / PAGE * PAGE);
        if (pageEnd > position) {
            zero(position, pageEnd - position);
            buffer.force(position, pageEnd - position);
        }
        if (pageEnd < size) {
            regrowFrom(pageEnd);
        }
    }

    private void regrowFrom(int length) {
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.setLength(length);
            file.setLength(size);
            file.getChannel().force(true);
        } catch (IOException e) {
            throw new StorageException("cannot clear " + path + " from byte " + length, e);
        }
    }

    /** Zeroes {@code length} bytes at {@code position}. */
    public void zero(int position, int length) {
        int at = position;
        int end = position + length;
        while (at < end) {
            int chunk = Math.min(ZEROS.length, end - at);
            buffer.put(at, ZEROS, 0, chunk);
            at += chunk;
        }
    }

    public void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new StorageException("cannot delete " + path, e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
