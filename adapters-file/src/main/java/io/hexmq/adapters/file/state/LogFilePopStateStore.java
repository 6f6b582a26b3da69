package io.hexmq.adapters.file.state;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The broker's POP state as a snapshot ({@code popState.snapshot}) and the log of changes appended after it
 * ({@code popState.log}), in the layout of {@link PopStateLogLayout}; an append writes only its changes, in
 * one write of the file, so a POP or an ack costs a record of some 60 bytes whatever the state in flight.
 *
 * <p>Crash story. A save writes the next generation's snapshot atomically ({@link AtomicFile}), then starts
 * a fresh log of that generation; a crash between the two leaves a log of the older generation, which the
 * next load ignores (the snapshot holds all of it). An append that a crash tore is the log's last record; the
 * next load drops it (it was never answered) and cuts the file there, so later appends follow whole records.
 * Under {@code SYNC_FLUSH} an append is forced to the disk before it
 * returns; otherwise it is in the operating system's cache, which a killed process does not lose, and reaches
 * the disk with the next save, as asynchronously flushed messages do. A save is always forced.
 *
 * <p>A state directory of an older broker holds {@code popState.json} instead: it is loaded as the first
 * snapshot and removed once a save replaced it. Single writer (the callers serialise); every call is
 * synchronised. A load reopens the files, so it also takes in files an installation put in place.
 */
public final class LogFilePopStateStore implements PopStateStore {

    private static final int INITIAL_BUFFER_BYTES = 64 * 1024;

    private final Path directory;
    private final AtomicFile snapshotFile;
    private final Path logPath;
    private final Path formerPath;
    private final boolean forceEachAppend;
    private ByteBuffer buffer = ByteBuffer.allocate(INITIAL_BUFFER_BYTES);
    private RecordLog log;
    private long generation;

    /**
     * @param directory the broker's state directory
     * @param flush     the store's flush setting: with {@link FlushDiskType#SYNC_FLUSH} each append is forced
     */
    public LogFilePopStateStore(Path directory, FlushDiskType flush) {
        this.directory = directory.toAbsolutePath();
        this.snapshotFile = new AtomicFile(this.directory.resolve("popState.snapshot"));
        this.logPath = this.directory.resolve("popState.log");
        this.formerPath = this.directory.resolve("popState.json");
        this.forceEachAppend = flush == FlushDiskType.SYNC_FLUSH;
    }

    @Override
    public synchronized PopState load() {
        try {
            closeLog();
            PopCheckpoints replayed = new PopCheckpoints(List.of());
            replayed.restore(readSnapshot());
            log = RecordLog.open(logPath, PopStateLogLayout.LOG_MAGIC, generation,
                    payload -> replayed.apply(List.of(PopStateLogLayout.decode(payload)))).orElse(null);
            if (log == null) {
                startLog();
            }
            return replayed.state();
        } catch (IOException | IllegalArgumentException e) {
            throw new StorageException("cannot read the POP state from " + directory + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void save(PopState state) {
        ByteBuffer snapshot = ByteBuffer.allocate(INITIAL_BUFFER_BYTES);
        FramedRecordLayout.putHeader(snapshot, PopStateLogLayout.SNAPSHOT_MAGIC, generation + 1);
        for (PopCheckpoint checkpoint : state.checkpoints()) {
            snapshot = PopStateLogLayout.put(snapshot, new PopChange.Put(checkpoint));
        }
        for (PopOffset offset : state.offsets()) {
            snapshot = PopStateLogLayout.put(snapshot, new PopChange.Advance(offset));
        }
        try {
            snapshotFile.write(Arrays.copyOf(snapshot.array(), snapshot.position()));
            generation++;
            closeLog();
            startLog();
            Files.deleteIfExists(formerPath);
        } catch (IOException e) {
            throw new StorageException("cannot write the POP state to " + directory + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void append(List<PopChange> changes) {
        if (log == null) {
            load();
        }
        buffer.clear();
        for (PopChange change : changes) {
            buffer = PopStateLogLayout.put(buffer, change);
        }
        buffer.flip();
        try {
            log.append(buffer);
            if (forceEachAppend) {
                log.force();
            }
        } catch (IOException e) {
            throw new StorageException("cannot append the POP state's changes to " + logPath + ": " + e.getMessage(),
                    e);
        }
    }

    /** Reads the snapshot, or the former JSON file, and takes its generation. */
    private PopState readSnapshot() throws IOException {
        Optional<byte[]> bytes = snapshotFile.read();
        if (bytes.isEmpty()) {
            generation = 0;
            return Files.exists(formerPath) ? new JsonPopStateStore(formerPath).load() : PopState.EMPTY;
        }
        ByteBuffer file = ByteBuffer.wrap(bytes.get());
        generation = FramedRecordLayout.generation(file, PopStateLogLayout.SNAPSHOT_MAGIC);
        if (generation < 0) {
            throw new IllegalArgumentException("popState.snapshot does not start as a snapshot does");
        }
        PopCheckpoints held = new PopCheckpoints(List.of());
        int end = PopStateLogLayout.readRecords(file, change -> held.apply(List.of(change)));
        if (end != file.limit()) {
            throw new IllegalArgumentException("popState.snapshot is damaged at byte " + end);
        }
        return held.state();
    }

    /** A fresh, empty log of the current generation, durable before anything is appended to it. */
    private void startLog() throws IOException {
        log = RecordLog.create(logPath, PopStateLogLayout.LOG_MAGIC, generation);
    }

    private void closeLog() throws IOException {
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
