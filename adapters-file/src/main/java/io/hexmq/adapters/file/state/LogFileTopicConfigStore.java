package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The topic table as RocketMQ's {@code topics.json} ({@link JsonTopicConfigStore}), the snapshot, and a log of
 * the changes saved after it beside it ({@code topics-<generation>.log}, {@link TopicChangeLogLayout}). A save
 * appends what changed since the table saved before it (the topics created or changed, whole, the topics
 * deleted, the new version) as one record and forces it: it costs what changed, some 250 bytes a created
 * topic, however many topics the table holds. A start reads {@code topics.json}, a RocketMQ broker's as well,
 * and replays the log onto it.
 *
 * <p>Compaction, off the save path ({@link #compactIfDue}, run on a timer; see {@link Compaction} for a
 * replica's): once the log has grown past the
 * size of {@code topics.json} (and at least {@code minCompactionBytes}), so that a compaction's cost spreads
 * over at least as many bytes of appended changes, it starts the log of the next generation, where saves go on
 * at once, then writes the table as of that moment as {@code topics.json} of the new generation (atomically,
 * as {@link AtomicFile} writes), then deletes the logs before it. {@link #compactNow} does the same at a clean
 * stop, so that {@code topics.json} then holds the whole table.
 *
 * <p>Crash story. {@code topics.json} names the generation of the log that follows it; a start replays every
 * log of that generation or later, in order, and deletes the older ones. A crash after the next log was started
 * and before {@code topics.json} was replaced leaves the old {@code topics.json} and both logs, replayed in turn;
 * after the replacement and before the deletion, an old log the new {@code topics.json} covers, which is
 * skipped. A save torn by a crash is the last log's last record: its writer was never answered, and the start
 * cuts it off (with a log line). So a start always yields the table of the last save that returned.
 *
 * <p>Saves are serialised ({@link TopicConfigStore}: callers never overlap); a compaction runs beside them.
 */
public final class LogFileTopicConfigStore implements TopicConfigStore {

    /** Below this a log is not compacted, however small {@code topics.json} is: a start replays it quickly. */
    public static final long MIN_COMPACTION_BYTES = 1024 * 1024;
    private static final int INITIAL_BUFFER_BYTES = 4 * 1024;

    private final JsonTopicConfigStore snapshot;
    private final Path directory;
    private final String logPrefix;
    private final Pattern logName;
    private final long minCompactionBytes;
    private final TopicChangeLogLayout layout = new TopicChangeLogLayout();
    private final Compaction compaction;
    /** Held by the one compaction under way; taken before this object's monitor, never after. */
    private final Object compacting = new Object();
    private ByteBuffer buffer = ByteBuffer.allocate(INITIAL_BUFFER_BYTES);
    /** Guarded by this: the log saves append to; null until the first load. */
    private RecordLog log;
    /** Guarded by this: {@link #log}'s generation. */
    private long generation;
    /** Guarded by this: what the files hold; null when nothing was ever saved. */
    private TopicConfigTable saved;
    /** Guarded by this: the generation {@code topics.json} names. */
    private long snapshotGeneration;
    /** Guarded by this: the log's size from which a compaction is due. */
    private long compactAtBytes;

    /** Who runs a compaction once the log has passed its bound. */
    public enum Compaction {
        /** The caller's timer, through {@link #compactIfDue}: no save waits for one (a broker on its own). */
        ON_TIMER,
        /**
         * The save that brought the log past its bound, before it returns: for a store whose saves take turns
         * with everything else that touches its files (a replica of a broker group, whose one apply thread also
         * freezes the files for a follower and installs the files of its leader), so that no compaction ever
         * writes beside those.
         */
        IN_SAVES
    }

    /** @param path where {@code topics.json} is; the logs are beside it */
    public LogFileTopicConfigStore(Path path, Compaction compaction) {
        this(path, compaction, MIN_COMPACTION_BYTES);
    }

    /** @param minCompactionBytes the log's size below which it is never compacted */
    public LogFileTopicConfigStore(Path path, Compaction compaction, long minCompactionBytes) {
        this.compaction = Objects.requireNonNull(compaction, "compaction");
        this.snapshot = new JsonTopicConfigStore(path);
        this.directory = snapshot.path().getParent();
        String base = snapshot.path().getFileName().toString().replaceFirst("\\.json$", "");
        this.logPrefix = base + "-";
        this.logName = Pattern.compile(Pattern.quote(logPrefix) + "(\\d{20})\\.log");
        this.minCompactionBytes = minCompactionBytes;
    }

    @Override
    public synchronized Optional<TopicConfigTable> load() {
        try {
            closeLog();
            Optional<JsonTopicConfigStore.Snapshot> stored = snapshot.loadSnapshot();
            long base = stored.map(JsonTopicConfigStore.Snapshot::generation).orElse(0L);
            Replay replay = new Replay(stored.map(JsonTopicConfigStore.Snapshot::table));
            generation = base;
            snapshotGeneration = base;
            for (long logGeneration : logGenerations()) {
                if (logGeneration < base) {
                    Files.deleteIfExists(logPath(logGeneration));
                    continue;
                }
                closeLog();
                generation = logGeneration;
                log = RecordLog.open(logPath(logGeneration), TopicChangeLogLayout.LOG_MAGIC, logGeneration,
                        payload -> replay.apply(layout.decode(payload))).orElse(null);
            }
            if (log == null) {
                // No log yet, or one whose creation a crash cut short, so nothing was appended to it.
                log = RecordLog.create(logPath(generation), TopicChangeLogLayout.LOG_MAGIC, generation);
            }
            saved = replay.table().orElse(null);
            compactAtBytes = compactionBound();
            return Optional.ofNullable(saved);
        } catch (IOException | JsonParseException | DomainException | IllegalArgumentException e) {
            throw new TopicConfigStorageException("cannot read topic configs from " + snapshot.path()
                    + " and its change logs: " + e.getMessage(), e);
        }
    }

    /**
     * Appends what {@code table} changed since the table saved before it and forces it; the first save of a
     * broker writes {@code topics.json} whole. Under {@link Compaction#IN_SAVES}, a save that brings the log
     * past its bound then compacts it before it returns.
     */
    @Override
    public void save(TopicConfigTable table) {
        boolean due;
        synchronized (this) {
            append(table);
            due = compaction == Compaction.IN_SAVES && log.size() >= compactAtBytes;
        }
        if (due) {
            compactNow();
        }
    }

    private void append(TopicConfigTable table) {
        if (log == null) {
            load();
        }
        if (saved == null) {
            snapshot.save(table, generation);
            snapshotGeneration = generation;
            saved = table;
            compactAtBytes = compactionBound();
            return;
        }
        TopicChangeLogLayout.Change change = new TopicChangeLogLayout.Change(table.changedSince(saved),
                table.removedSince(saved), table.dataVersion());
        if (change.changed().isEmpty() && change.deleted().isEmpty()
                && table.dataVersion().equals(saved.dataVersion())) {
            return;
        }
        buffer.clear();
        buffer = layout.put(buffer, change);
        buffer.flip();
        long before = log.size();
        try {
            log.append(buffer);
            log.force();
        } catch (IOException e) {
            log.cutBackTo(before);
            throw new TopicConfigStorageException("cannot append topic changes to " + log.path() + ": "
                    + e.getMessage(), e);
        }
        saved = table;
    }

    /**
     * Compacts the log when it has grown past its bound (see the class comment); the timer's task, never a
     * save's.
     *
     * @throws TopicConfigStorageException when a file could not be written; the table stays as stored before
     */
    public void compactIfDue() {
        synchronized (this) {
            if (log == null || log.size() < compactAtBytes) {
                return;
            }
        }
        compactNow();
    }

    /**
     * Writes the table saved last as {@code topics.json} and starts the log afresh (at a clean stop, so that
     * {@code topics.json} alone holds the table); saves go on meanwhile, into the fresh log.
     *
     * @throws TopicConfigStorageException when a file could not be written; the table stays as stored before
     */
    public void compactNow() {
        synchronized (compacting) {
            TopicConfigTable table;
            long next;
            synchronized (this) {
                if (saved == null
                        || log.size() == FramedRecordLayout.HEADER_BYTES && snapshotGeneration == generation) {
                    return;
                }
                table = saved;
                next = generation;
                // An empty log (a compaction that failed to write topics.json left it) follows the table as it is.
                if (log.size() > FramedRecordLayout.HEADER_BYTES) {
                    next = generation + 1;
                    startLog(next);
                }
            }
            snapshot.save(table, next);
            synchronized (this) {
                snapshotGeneration = next;
            }
            try {
                for (long older : logGenerations()) {
                    if (older < next) {
                        Files.deleteIfExists(logPath(older));
                    }
                }
            } catch (IOException e) {
                throw new TopicConfigStorageException("cannot delete the change logs that " + snapshot.path()
                        + " now holds (the next start deletes them): " + e.getMessage(), e);
            }
            synchronized (this) {
                compactAtBytes = compactionBound();
            }
        }
    }

    /** Where saves go from now on: a fresh log of {@code next}, durable before the current one is let go. */
    private void startLog(long next) {
        try {
            RecordLog fresh = RecordLog.create(logPath(next), TopicChangeLogLayout.LOG_MAGIC, next);
            closeLog();
            log = fresh;
            generation = next;
        } catch (IOException e) {
            throw new TopicConfigStorageException("cannot start a topic change log in " + directory + ": "
                    + e.getMessage(), e);
        }
    }

    private long compactionBound() {
        try {
            long snapshotBytes = Files.exists(snapshot.path()) ? Files.size(snapshot.path()) : 0;
            return Math.max(minCompactionBytes, snapshotBytes);
        } catch (IOException e) {
            return minCompactionBytes;
        }
    }

    private Path logPath(long logGeneration) {
        return directory.resolve(logPrefix + String.format("%020d", logGeneration) + ".log");
    }

    /** The generations of the logs beside {@code topics.json}, in order. */
    private List<Long> logGenerations() throws IOException {
        List<Long> generations = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return generations;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, logPrefix + "*.log")) {
            for (Path file : files) {
                Matcher matcher = logName.matcher(file.getFileName().toString());
                if (matcher.matches()) {
                    generations.add(Long.parseLong(matcher.group(1)));
                }
            }
        }
        generations.sort(null);
        return generations;
    }

    private void closeLog() {
        if (log != null) {
            try {
                log.close();
            } catch (IOException ignored) {
                // a log we only read or appended to and forced: nothing of it is lost with its channel
            }
            log = null;
        }
    }

    /** The table as the snapshot and the records replayed so far make it. */
    private static final class Replay {

        private final Map<TopicName, TopicConfig> topics = new TreeMap<>();
        private DataVersion version;

        Replay(Optional<TopicConfigTable> stored) {
            stored.ifPresent(table -> {
                topics.putAll(table.topics());
                version = table.dataVersion();
            });
        }

        void apply(TopicChangeLogLayout.Change change) {
            for (TopicConfig config : change.changed()) {
                topics.put(config.name(), config);
            }
            for (TopicName name : change.deleted()) {
                topics.remove(name);
            }
            version = change.version();
        }

        Optional<TopicConfigTable> table() {
            return version == null ? Optional.empty() : Optional.of(new TopicConfigTable(topics, version));
        }
    }
}
