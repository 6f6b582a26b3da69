package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.port.CommittedEntries;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.zip.CRC32C;

/**
 * A broker side for tests: it keeps every applied entry in one append-only file (so that installing a
 * leader's files really moves bytes), skips and counts entries at or below the last position it holds,
 * and records every call the log makes. Monitors wake waiting tests on every change.
 *
 * <pre>
 * entries.log: ( position: u8 | crc32c: u4 | length: u4 | bytes ) ...
 * </pre>
 */
final class RecordingEntries implements CommittedEntries {

    static final String FILE = "entries.log";
    private static final int HEADER = Long.BYTES + 2 * Integer.BYTES;
    private static final long RECHECK_MILLIS = 20;

    private final Path dir;
    private final Object changes;
    private final List<Long> positions = new ArrayList<>();
    private final List<Integer> checksums = new ArrayList<>();
    private final List<GroupRole> roles = new ArrayList<>();
    private final AtomicInteger callsRunning = new AtomicInteger();
    private final AtomicInteger overlappingCalls = new AtomicInteger();
    private final AtomicInteger openViews = new AtomicInteger();
    private FileChannel log;
    private long lastPosition = -1;
    private int duplicates;
    private int durableCalls;
    private int installs;
    private Throwable failure;
    private boolean failNextApply;

    /** @param changes notified on every change, so tests can wait on it */
    RecordingEntries(Path dir, Object changes) {
        this.dir = dir;
        this.changes = changes;
        try {
            Files.createDirectories(dir);
            recover();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public byte[] apply(long position, ByteBuffer entry) {
        return oneAtATime(() -> applyAlone(position, entry));
    }

    @Override
    public void makeDurable() {
        oneAtATime(() -> {
            makeDurableAlone();
            return null;
        });
    }

    @Override
    public void roleChanged(GroupRole role) {
        oneAtATime(() -> {
            roleChangedAlone(role);
            return null;
        });
    }

    @Override
    public DurableFiles durableFiles() {
        return oneAtATime(this::durableFilesAlone);
    }

    @Override
    public void install(DurableFiles received) {
        oneAtATime(() -> {
            installAlone(received);
            return null;
        });
    }

    /** Counts the calls that began while another was still running: the log must never make one. */
    private <T> T oneAtATime(Supplier<T> call) {
        if (callsRunning.incrementAndGet() > 1) {
            overlappingCalls.incrementAndGet();
        }
        try {
            return call.get();
        } finally {
            callsRunning.decrementAndGet();
        }
    }

    private byte[] applyAlone(long position, ByteBuffer entry) {
        synchronized (this) {
            if (failNextApply) {
                throw new UncheckedIOException(new IOException("the disk under " + dir + " failed"));
            }
            if (position <= lastPosition) {
                duplicates++;
            } else {
                append(position, entry);
            }
        }
        signal();
        return ByteBuffer.allocate(Long.BYTES).putLong(position).array();
    }

    private void makeDurableAlone() {
        synchronized (this) {
            force();
            durableCalls++;
        }
        signal();
    }

    private void roleChangedAlone(GroupRole role) {
        synchronized (this) {
            roles.add(role);
        }
        signal();
    }

    private DurableFiles durableFilesAlone() {
        synchronized (this) {
            force();
            long length = size();
            openViews.incrementAndGet();
            return new DurableFiles() {
                @Override
                public Path root() {
                    return dir;
                }

                @Override
                public List<DurableFile> files() {
                    return List.of(new DurableFile(FILE, length));
                }

                @Override
                public void close() {
                    viewClosed();
                }
            };
        }
    }

    private void installAlone(DurableFiles received) {
        synchronized (this) {
            try {
                log.close();
                Files.move(received.root().resolve(FILE), dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
                positions.clear();
                checksums.clear();
                lastPosition = -1;
                recover();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            installs++;
        }
        signal();
    }

    @Override
    public void failed(Throwable cause) {
        synchronized (this) {
            failure = cause;
        }
        signal();
    }

    /** Makes the next apply fail as a broken disk would, and every one after it. */
    void failFromNextApply() {
        synchronized (this) {
            failNextApply = true;
        }
    }

    /** Closes the file, as a broker's stores close when the process ends. */
    void close() {
        synchronized (this) {
            try {
                log.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    List<Long> positions() {
        synchronized (this) {
            return List.copyOf(positions);
        }
    }

    List<Integer> checksums() {
        synchronized (this) {
            return List.copyOf(checksums);
        }
    }

    int appliedCount() {
        synchronized (this) {
            return positions.size();
        }
    }

    List<GroupRole> roles() {
        synchronized (this) {
            return List.copyOf(roles);
        }
    }

    GroupRole lastRole() {
        synchronized (this) {
            return roles.isEmpty() ? null : roles.get(roles.size() - 1);
        }
    }

    int overlappingCalls() {
        return overlappingCalls.get();
    }

    int duplicates() {
        synchronized (this) {
            return duplicates;
        }
    }

    int durableCalls() {
        synchronized (this) {
            return durableCalls;
        }
    }

    int installs() {
        synchronized (this) {
            return installs;
        }
    }

    int openViews() {
        return openViews.get();
    }

    /** Closes one view handed out by {@link #durableFiles}. */
    private void viewClosed() {
        openViews.decrementAndGet();
        signal();
    }

    Throwable failure() {
        synchronized (this) {
            return failure;
        }
    }

    /**
     * Waits until {@code condition} holds, checking it on every change the broker sides see and, for what
     * only the log's status shows, every few milliseconds; fails past {@code bound}.
     */
    static void await(Object changes, Duration bound, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        synchronized (changes) {
            while (!condition.getAsBoolean()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("not within " + bound.toMillis() + " ms: " + what);
                }
                try {
                    changes.wait(Math.max(1, Math.min(RECHECK_MILLIS, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted while waiting for " + what, e);
                }
            }
        }
    }

    private void signal() {
        synchronized (changes) {
            changes.notifyAll();
        }
    }

    private void append(long position, ByteBuffer entry) {
        int length = entry.remaining();
        CRC32C crc = new CRC32C();
        crc.update(entry.duplicate());
        ByteBuffer record = ByteBuffer.allocate(HEADER + length)
                .putLong(position).putInt((int) crc.getValue()).putInt(length).put(entry.duplicate());
        record.flip();
        try {
            while (record.hasRemaining()) {
                log.write(record);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        positions.add(position);
        checksums.add((int) crc.getValue());
        lastPosition = position;
    }

    private void recover() throws IOException {
        Path file = dir.resolve(FILE);
        log = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        long offset = 0;
        long size = log.size();
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        while (offset + HEADER <= size) {
            header.clear();
            log.read(header, offset);
            long position = header.getLong(0);
            int length = header.getInt(Long.BYTES + Integer.BYTES);
            if (offset + HEADER + length > size) {
                break;
            }
            positions.add(position);
            checksums.add(header.getInt(Long.BYTES));
            lastPosition = position;
            offset += HEADER + length;
        }
        log.truncate(offset);
        log.position(offset);
    }

    private void force() {
        try {
            log.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long size() {
        try {
            return log.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
