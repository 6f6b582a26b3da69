package io.hexmq.adapters.chronicle.log;

import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.time.port.Clock;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptCommon;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The commit log as a Chronicle queue: one Chronicle document per append, its payload the appended
 * {@link MessageLayout} records back to back (one record, or a whole batch), nothing else. This class is
 * the only one that speaks Chronicle.
 *
 * <p>A document is atomic: Chronicle writes its header "not complete", the payload, then completes the
 * header; a process killed in between leaves a header that readers never pass and that the next
 * appender (after Chronicle force-unlocks the dead writer's lock) overwrites. So the log has no torn
 * records to cut, only whole documents or none.
 *
 * <p>Chronicle appenders and tailers are not thread-safe: each thread gets its own, created on first use
 * and closed with the log. Documents are copied out of Chronicle's mapped memory, because Chronicle may
 * unmap a chunk (roll, retention) under a view handed out earlier.
 */
public final class ChronicleLog implements AutoCloseable {


    private final Path directory;
    private final SingleChronicleQueue queue;
    private final RollCycle rollCycle;
    private final ThreadLocal<ExcerptAppender> appenders;
    private final ThreadLocal<ExcerptTailer> tailers;
    private final List<ExcerptCommon<?>> opened = new CopyOnWriteArrayList<>();
    private final Queue<File> rolledUnflushed = new ConcurrentLinkedQueue<>();
    private volatile File currentFile;
    /** A cycle file was created since the last flush: its directory entry must be forced too. */
    private volatile boolean newFileUnflushed;
    private int currentCycle = Integer.MIN_VALUE;

    private ChronicleLog(Path directory, SingleChronicleQueue queue) {
        this.directory = directory;
        this.queue = queue;
        this.rollCycle = queue.rollCycle();
        this.appenders = ThreadLocal.withInitial(() -> register(queue.createAppender()));
        this.tailers = ThreadLocal.withInitial(() -> register(queue.createTailer()));
    }

    /**
     * Opens (or creates) the queue in {@code directory}. Files that do not look like Chronicle Queue
     * stores of the version this build reads are refused before Chronicle touches them, because
     * Chronicle would otherwise wait on an unreadable lock file or set an unreadable cycle file aside
     * (renamed {@code *.discard}) and carry on without its data.
     */
    public static ChronicleLog open(Path directory, RollCycle rollCycle, Clock clock) {
        try {
            Files.createDirectories(directory);
            Set<Path> discardedBefore = ChronicleFileCheck.discarded(directory);
            ChronicleFileCheck.verifyHeaders(directory);
            SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(directory)
                .rollCycle(rollCycle)
                .timeProvider(clock::millis)
                // Chronicle's SyncMode msyncs only on an explicit sync() or when a chunk is unmapped, not
                // per document; durability is flush()'s fsync, called by the store when its policy says
                .syncMode(SyncMode.NONE)
                .build();
            Set<Path> discardedNow = ChronicleFileCheck.discarded(directory);
            discardedNow.removeAll(discardedBefore);
            if (!discardedNow.isEmpty()) {
                queue.close();
                throw new StorageException("the Chronicle store in " + directory + " is corrupt: Chronicle could not"
                    + " read and set aside " + discardedNow + "; restore the file or move it away knowingly");
            }
            if (queue.rollCycle() != rollCycle) {
                RollCycle found = queue.rollCycle();
                queue.close();
                throw new StorageException("the Chronicle store in " + directory + " was created with roll cycle "
                    + found + ", the settings say " + rollCycle);
            }
            return new ChronicleLog(directory, queue);
        } catch (IOException e) {
            throw new StorageException("cannot open the Chronicle store in " + directory + ": " + e, e);
        } catch (StorageException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreadable(directory, e);
        }
    }

    public static StorageException unreadable(Path directory, RuntimeException cause) {
        return new StorageException("the Chronicle store in " + directory + " cannot be read: it is corrupt or was"
            + " written by an incompatible version (" + cause.getClass().getSimpleName() + ": " + cause.getMessage()
            + ")", cause);
    }

    private <T extends ExcerptCommon<?>> T register(T excerpt) {
        opened.add(excerpt);
        return excerpt;
    }

    Path directory() {
        return directory;
    }

    public int cycleOf(long documentIndex) {
        return rollCycle.toCycle(documentIndex);
    }

    /** The cycle a time falls in. */
    public int cycleAt(long millis) {
        return queue.cycle(() -> millis);
    }

    // ---------------------------------------------------------------- writing (under the store's append lock)

    /** Appends {@code length} bytes of {@code records} as one document; returns its Chronicle index. */
    public long append(ByteBuffer records, int length) {
        ExcerptAppender appender = appenders.get();
        long index;
        try (DocumentContext context = appender.writingDocument()) {
            index = context.index();
            context.wire().bytes().write(records.array(), records.arrayOffset(), length);
        }
        int cycle = rollCycle.toCycle(index);
        if (cycle != currentCycle) {
            File previous = currentFile;
            if (previous != null) {
                rolledUnflushed.add(previous);
            }
            currentCycle = cycle;
            currentFile = appender.currentFile();
            newFileUnflushed = true;
        }
        return index;
    }

    /**
     * Forces every cycle file written since the last flush to disk (fsync covers the mapped pages), and the
     * directory when a cycle file was created. Serialised, so that a flush that returns has forced every
     * document written before it began, even one in a file a concurrent flush took off the rolled list.
     */
    public synchronized void flush() {
        boolean newFile = newFileUnflushed;
        newFileUnflushed = false;
        File rolled;
        while ((rolled = rolledUnflushed.poll()) != null) {
            force(rolled.toPath(), StandardOpenOption.WRITE);
        }
        File current = currentFile;
        if (current != null) {
            force(current.toPath(), StandardOpenOption.WRITE);
        }
        if (newFile) {
            force(directory, StandardOpenOption.READ);
        }
    }

    private static void force(Path path, StandardOpenOption mode) {
        try (FileChannel channel = FileChannel.open(path, mode)) {
            channel.force(false);
        } catch (NoSuchFileException deletedByRetention) {
            // nothing left to flush
        } catch (IOException e) {
            throw new StorageException("cannot flush " + path + ": " + e, e);
        }
    }

    // ---------------------------------------------------------------- reading (any thread)

    /**
     * Visits every document after {@code afterDocument} (from the oldest on when it is negative), with its
     * payload copied into {@code scratch} (position 0, limit the payload length). A payload longer than the
     * scratch buffer is corruption, and so is an {@code afterDocument} the log does not hold.
     */
    public void scan(long afterDocument, ByteBuffer scratch, DocumentVisitor visitor) {
        try (ExcerptTailer tailer = queue.createTailer()) {
            if (afterDocument < 0) {
                tailer.toStart();
            } else {
                skipTo(tailer, afterDocument);
            }
            while (true) {
                try (DocumentContext context = tailer.readingDocument()) {
                    if (!context.isPresent()) {
                        return;
                    }
                    Bytes<?> bytes = context.wire().bytes();
                    long length = bytes.readRemaining();
                    if (length > scratch.capacity()) {
                        throw new StorageException("corrupt Chronicle document " + Long.toHexString(context.index())
                            + " in " + tailer.currentFile() + ": " + length + " bytes, more than the largest append");
                    }
                    scratch.clear();
                    bytes.read(bytes.readPosition(), scratch.array(), scratch.arrayOffset(), (int) length);
                    scratch.limit((int) length);
                    visitor.visit(context.index(), scratch, tailer.currentFile());
                }
            }
        }
    }

    private void skipTo(ExcerptTailer tailer, long document) {
        boolean found = tailer.moveToIndex(document);
        if (found) {
            try (DocumentContext context = tailer.readingDocument()) {
                found = context.isPresent() && context.index() == document;
            }
        }
        if (!found) {
            throw new StorageException("the Chronicle store in " + directory + " has no document "
                + Long.toHexString(document) + " to scan on from");
        }
    }

    @FunctionalInterface
    public interface DocumentVisitor {
        void visit(long documentIndex, ByteBuffer payload, File cycleFile);
    }

    /** A copy of the record at {@code position} in a document, read-only; null when it is not there. */
    public ByteBuffer record(long documentIndex, int position) {
        try (DocumentContext context = reading(documentIndex)) {
            if (context == null) {
                return null;
            }
            Bytes<?> bytes = context.wire().bytes();
            return copyRecord(bytes, bytes.readPosition() + position, bytes.readLimit());
        }
    }

    /** The PHYSICALOFFSET of a document's first record; -1 when the document is not there. */
    public long firstPhysicalOffset(long documentIndex) {
        try (DocumentContext context = reading(documentIndex)) {
            if (context == null) {
                return -1;
            }
            Bytes<?> bytes = context.wire().bytes();
            long at = bytes.readPosition() + MessageLayout.PHYSICAL_OFFSET_OFFSET;
            return at + 8 <= bytes.readLimit() ? bigEndianLong(bytes, at) : -1;
        }
    }

    /**
     * A copy of the record of a document whose PHYSICALOFFSET is {@code physicalOffset}; null when no record
     * of the document starts there.
     */
    public ByteBuffer recordAt(long documentIndex, long physicalOffset) {
        try (DocumentContext context = reading(documentIndex)) {
            if (context == null) {
                return null;
            }
            Bytes<?> bytes = context.wire().bytes();
            long end = bytes.readLimit();
            long at = bytes.readPosition();
            while (at + MessageLayout.PHYSICAL_OFFSET_OFFSET + 8 <= end) {
                long recordOffset = bigEndianLong(bytes, at + MessageLayout.PHYSICAL_OFFSET_OFFSET);
                if (recordOffset == physicalOffset) {
                    return copyRecord(bytes, at, end);
                }
                int size = bigEndianInt(bytes, at);
                if (recordOffset > physicalOffset || size < MessageLayout.MIN_RECORD_LENGTH) {
                    return null;
                }
                at += size;
            }
            return null;
        }
    }

    /**
     * This thread's tailer reading the document {@code documentIndex}, or null when it is not there; the
     * caller closes the context, which moves the tailer past the document.
     */
    private DocumentContext reading(long documentIndex) {
        ExcerptTailer tailer = tailers.get();
        if (tailer.index() != documentIndex && !tailer.moveToIndex(documentIndex)) {
            return null;
        }
        DocumentContext context = tailer.readingDocument();
        if (!context.isPresent() || context.index() != documentIndex) {
            context.close();
            return null;
        }
        return context;
    }

    private static ByteBuffer copyRecord(Bytes<?> bytes, long at, long end) {
        if (at + MessageLayout.MIN_RECORD_LENGTH > end
            || bigEndianInt(bytes, at + MessageLayout.MAGIC_CODE_OFFSET) != MessageLayout.MAGIC_CODE_V1) {
            return null;
        }
        int size = bigEndianInt(bytes, at);
        if (size < MessageLayout.MIN_RECORD_LENGTH || at + size > end) {
            return null;
        }
        byte[] copy = new byte[size];
        bytes.read(at, copy, 0, size);
        return ByteBuffer.wrap(copy).asReadOnlyBuffer();
    }

    private static int bigEndianInt(Bytes<?> bytes, long at) {
        return (bytes.readByte(at) & 0xFF) << 24 | (bytes.readByte(at + 1) & 0xFF) << 16
            | (bytes.readByte(at + 2) & 0xFF) << 8 | (bytes.readByte(at + 3) & 0xFF);
    }

    private static long bigEndianLong(Bytes<?> bytes, long at) {
        return (long) bigEndianInt(bytes, at) << 32 | (bigEndianInt(bytes, at + 4) & 0xFFFFFFFFL);
    }

    // ---------------------------------------------------------------- retention (under the store's append lock)

    /** Cycles that have a file, oldest first. */
    public List<Long> cycles() {
        queue.refreshDirectoryListing();
        int first = queue.firstCycle();
        int last = queue.lastCycle();
        if (first == Integer.MAX_VALUE || last == Integer.MIN_VALUE || first > last) {
            return List.of();
        }
        return List.copyOf(queue.listCyclesBetween(first, last));
    }

    /** Deletes a whole cycle file; returns whether one was there. */
    public boolean deleteCycle(int cycle) {
        File file;
        try (ExcerptTailer tailer = queue.createTailer()) {
            if (!tailer.moveToCycle(cycle)) {
                return false;
            }
            file = tailer.currentFile();
        }
        try {
            boolean deleted = file != null && Files.deleteIfExists(file.toPath());
            queue.refreshDirectoryListing();
            return deleted;
        } catch (IOException e) {
            throw new StorageException("cannot delete the expired cycle file " + file + ": " + e, e);
        }
    }

    @Override
    public void close() {
        for (ExcerptCommon<?> excerpt : opened) {
            // created by the threads that used them; closed here, after those threads are done with the log
            excerpt.singleThreadedCheckDisabled(true);
            excerpt.close();
        }
        opened.clear();
        queue.close();
    }
}
