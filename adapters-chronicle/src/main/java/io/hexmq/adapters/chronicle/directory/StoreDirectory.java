package io.hexmq.adapters.chronicle.directory;

import io.hexmq.adapters.chronicle.consumequeue.QueueTable;
import io.hexmq.adapters.chronicle.mapped.MappedFiles;
import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The files beside the Chronicle queue under {@code storePathRootDir}:
 * <ul>
 *   <li>{@code hexmq-chronicle.properties}: {@code format} (this layout's version, {@value #FORMAT}) and
 *       {@code rollCycle}. Written when the store is created; a directory with a different format, or
 *       Chronicle files without this marker, is refused with a message saying so.</li>
 *   <li>{@code queue-offsets}: one line {@code topic TAB queueId TAB maxOffset} per queue, replaced
 *       atomically before retention deletes anything, so a queue whose every message expired keeps its
 *       offsets across a restart instead of starting again at 0.</li>
 *   <li>{@code deleted-topics}: one line {@code topic TAB physicalOffset} per deleted topic, replaced
 *       atomically when a topic is deleted: the topic's records below that physical offset belong to the
 *       deleted generation, and the start-up scan and queries by key skip them.</li>
 *   <li>{@code consumequeue/topic/queueId/}: each queue's consume-queue segments
 *       ({@code io.hexmq.adapters.chronicle.consumequeue.QueueIndex}).</li>
 *   <li>{@code index/keys}: the key index ({@code io.hexmq.adapters.chronicle.index.KeyIndex}).</li>
 *   <li>{@code checkpoint}: how far those two are durable ({@link Checkpoint}, {@link CheckpointFile}).</li>
 * </ul>
 */
public final class StoreDirectory {

    static final int FORMAT = 1;
    private static final String MARKER = "hexmq-chronicle.properties";
    private static final String QUEUE_OFFSETS = "queue-offsets";
    private static final String DELETED_TOPICS = "deleted-topics";
    private static final String CONSUME_QUEUES = "consumequeue";
    private static final String KEY_INDEX = "index";
    private static final String CHECKPOINT = "checkpoint";

    /** A queue's offsets as last saved. */
    public record SavedQueue(String topic, int queueId, long maxOffset) {
    }

    private final Path root;
    private final Path chronicle;

    public StoreDirectory(Path root) {
        this.root = root;
        this.chronicle = root.resolve("chronicle");
    }

    public Path chronicle() {
        return chronicle;
    }

    public Path consumeQueues() {
        return root.resolve(CONSUME_QUEUES);
    }

    public Path keyIndexFile() {
        return root.resolve(KEY_INDEX).resolve("keys");
    }

    public Optional<Checkpoint> readCheckpoint() {
        return CheckpointFile.read(root.resolve(CHECKPOINT));
    }

    public void writeCheckpoint(Checkpoint checkpoint) {
        CheckpointFile.write(root.resolve(CHECKPOINT), checkpoint);
    }

    /** Deletes the checkpoint first, then the index files it spoke for: they are rebuilt from the whole log. */
    public void deleteIndexes() {
        MappedFiles.delete(root.resolve(CHECKPOINT));
        MappedFiles.deleteTree(consumeQueues());
        MappedFiles.deleteTree(root.resolve(KEY_INDEX));
    }

    /** Creates the marker for a new store, or checks the existing one against this build and the settings. */
    public void claim(String rollCycle) {
        Path marker = root.resolve(MARKER);
        try {
            Files.createDirectories(root);
            if (!Files.exists(marker)) {
                if (hasFiles(chronicle)) {
                    throw new StorageException("the directory " + chronicle + " holds files but no " + MARKER
                        + ": it was not written by this version of hexmq's Chronicle store");
                }
                Properties properties = new Properties();
                properties.setProperty("format", Integer.toString(FORMAT));
                properties.setProperty("rollCycle", rollCycle);
                writeAtomically(marker, writer -> properties.store(writer, "hexmq Chronicle store"));
                return;
            }
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(marker, StandardCharsets.UTF_8)) {
                properties.load(reader);
            }
            String format = properties.getProperty("format");
            if (!Integer.toString(FORMAT).equals(format)) {
                throw new StorageException("the Chronicle store in " + root + " was written in format " + format
                    + " (" + marker + "); this build reads format " + FORMAT);
            }
            String stored = properties.getProperty("rollCycle");
            if (!rollCycle.equals(stored)) {
                throw new StorageException("the Chronicle store in " + root + " was created with rollCycle " + stored
                    + ", the settings say " + rollCycle + "; a store keeps its roll cycle");
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new StorageException("cannot read or write " + marker + ": " + e, e);
        }
    }

    public List<SavedQueue> readQueueOffsets() {
        Path file = root.resolve(QUEUE_OFFSETS);
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            List<SavedQueue> saved = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] fields = line.split("\t");
                if (fields.length != 3) {
                    throw new StorageException("corrupt line in " + file + ": " + line);
                }
                saved.add(new SavedQueue(fields[0], Integer.parseInt(fields[1]), Long.parseLong(fields[2])));
            }
            return saved;
        } catch (IOException | NumberFormatException e) {
            throw new StorageException("cannot read " + file + ": " + e, e);
        }
    }

    public void writeQueueOffsets(QueueTable queues) {
        StringBuilder text = new StringBuilder();
        queues.forEach((topic, queueId, queue) -> text.append(topic).append('\t').append(queueId).append('\t')
            .append(queue.maxOffset()).append('\n'));
        Path file = root.resolve(QUEUE_OFFSETS);
        try {
            writeAtomically(file, writer -> writer.write(text.toString()));
        } catch (IOException e) {
            throw new StorageException("cannot write " + file + ": " + e, e);
        }
    }

    /** Per deleted topic, the physical offset below which its records are deleted. */
    public Map<String, Long> readDeletedTopics() {
        Path file = root.resolve(DELETED_TOPICS);
        if (!Files.exists(file)) {
            return Map.of();
        }
        try {
            Map<String, Long> deleted = new HashMap<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] fields = line.split("\t");
                if (fields.length != 2) {
                    throw new StorageException("corrupt line in " + file + ": " + line);
                }
                deleted.put(fields[0], Long.parseLong(fields[1]));
            }
            return Map.copyOf(deleted);
        } catch (IOException | NumberFormatException e) {
            throw new StorageException("cannot read " + file + ": " + e, e);
        }
    }

    public void writeDeletedTopics(Map<String, Long> deleted) {
        StringBuilder text = new StringBuilder();
        deleted.forEach((topic, at) -> text.append(topic).append('\t').append(at).append('\n'));
        Path file = root.resolve(DELETED_TOPICS);
        try {
            writeAtomically(file, writer -> writer.write(text.toString()));
        } catch (IOException e) {
            throw new StorageException("cannot write " + file + ": " + e, e);
        }
    }

    private static boolean hasFiles(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.findAny().isPresent();
        }
    }

    @FunctionalInterface
    interface Content {
        void writeTo(Writer writer) throws IOException;
    }

    static void writeAtomically(Path file, Content content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            content.writeTo(writer);
        }
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
