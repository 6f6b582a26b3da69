package io.hexmq.adapters.file.mmap;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A log made of contiguous {@link MappedFile} segments of one size in one directory: segment k covers
 * offsets {@code [first + k*size, first + (k+1)*size)}. Segments are added at the end by the single
 * writer and removed from the front by retention; readers see an immutable snapshot of the list.
 */
public final class MappedFileQueue {

    private final Path directory;
    private final int segmentSize;
    private final CopyOnWriteArrayList<MappedFile> files = new CopyOnWriteArrayList<>();

    public MappedFileQueue(Path directory, int segmentSize) {
        this.directory = directory;
        this.segmentSize = segmentSize;
    }

    /** Maps the existing segments; each is marked fully written until recovery says otherwise. */
    public void load() {
        try {
            List<MappedFile> loaded = new ArrayList<>();
            for (Path path : MappedFile.segmentsIn(directory)) {
                long from = Long.parseLong(path.getFileName().toString());
                if (from % segmentSize != 0) {
                    throw new StorageException("segment " + path + " does not start at a multiple of " + segmentSize);
                }
                if (!loaded.isEmpty() && loaded.get(loaded.size() - 1).fromOffset() + segmentSize != from) {
                    throw new StorageException("segments are not contiguous before " + path);
                }
                MappedFile file = MappedFile.open(directory, from, segmentSize);
                file.setWritePosition(segmentSize);
                file.setFlushedPosition(segmentSize);
                loaded.add(file);
            }
            files.addAll(loaded);
        } catch (IOException e) {
            throw new StorageException("cannot list " + directory, e);
        }
    }

    public Path directory() {
        return directory;
    }

    public int segmentSize() {
        return segmentSize;
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    /** A snapshot, oldest first. */
    public List<MappedFile> files() {
        return List.copyOf(files);
    }

    public MappedFile first() {
        return files.isEmpty() ? null : files.get(0);
    }

    public MappedFile last() {
        return files.isEmpty() ? null : files.get(files.size() - 1);
    }

    /** The segment holding {@code offset}, or null. */
    public MappedFile find(long offset) {
        Object[] snapshot = files.toArray();
        if (snapshot.length == 0) {
            return null;
        }
        long first = ((MappedFile) snapshot[0]).fromOffset();
        if (offset < first) {
            return null;
        }
        long index = (offset - first) / segmentSize;
        return index < snapshot.length ? (MappedFile) snapshot[(int) index] : null;
    }

    /** Creates the segment starting at {@code fromOffset}, which must follow the last one. */
    public MappedFile create(long fromOffset) {
        MappedFile last = last();
        if (last != null && last.fromOffset() + segmentSize != fromOffset) {
            throw new StorageException("segment " + fromOffset + " does not follow " + last.fromOffset());
        }
        MappedFile file = MappedFile.open(directory, fromOffset, segmentSize);
        files.add(file);
        return file;
    }

    /** Removes and deletes the first segment. */
    public void deleteFirst() {
        MappedFile first = files.remove(0);
        first.delete();
    }

    /**
     * Makes {@code offset} the end of the log: its segment's cursors move there, later segments are
     * deleted and, with {@code zeroRest}, the rest of that segment is zeroed (needed after a crash, so
     * that bytes behind the cut can never be read as records later; not needed after a clean stop).
     */
    public void truncateTo(long offset, boolean zeroRest) {
        for (int i = files.size() - 1; i >= 0; i--) {
            MappedFile file = files.get(i);
            if (file.fromOffset() > offset) {
                files.remove(i);
                file.delete();
            } else {
                int position = (int) Math.min(segmentSize, offset - file.fromOffset());
                if (zeroRest) {
                    file.zeroFrom(position);
                }
                file.setWritePosition(position);
                file.setFlushedPosition(position);
                break;
            }
        }
    }

    /** Forces the dirty part of every segment. */
    public void flushAll() {
        for (MappedFile file : files) {
            file.flush(file.writePosition());
        }
    }

    /** Deletes every segment and then the directory. */
    public void destroy() {
        for (MappedFile file : files) {
            file.delete();
        }
        files.clear();
        try {
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            throw new StorageException("cannot delete " + directory, e);
        }
    }
}
