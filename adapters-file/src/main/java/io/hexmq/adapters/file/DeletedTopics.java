package io.hexmq.adapters.file;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code deletedtopics} file: per deleted topic, the commit-log offset at which it was deleted, one
 * line {@code offset TAB topic}. The topic's records below that offset belong to the deleted generation:
 * dispatch (and so recovery) skips them, start-up drops consume queues still holding them, and queries by
 * key ignore them. A marker is forgotten once retention has removed every record below it.
 *
 * <p><b>Crash story.</b> The file is replaced atomically (write a temporary file, force it, rename), so
 * it holds either the old or the new set of markers. The marker is written before the topic's consume
 * queues are deleted, so a crash in between leaves queues that start-up recognises as stale.
 *
 * <p><b>Cost.</b> One forced write of a few bytes per deleted topic; a lookup on the dispatch path is a
 * read of a volatile immutable map (an empty-map check when nothing was deleted).
 */
final class DeletedTopics {

    private final Path path;
    private volatile Map<String, Long> deletedAt = Map.of();

    DeletedTopics(Path path) {
        this.path = path;
    }

    void load() {
        if (!Files.exists(path)) {
            return;
        }
        try {
            Map<String, Long> loaded = new HashMap<>();
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                int tab = line.indexOf('\t');
                if (tab < 0) {
                    throw new StorageException("corrupt line in " + path + ": " + line);
                }
                loaded.put(line.substring(tab + 1), Long.parseLong(line.substring(0, tab)));
            }
            deletedAt = Map.copyOf(loaded);
        } catch (IOException | NumberFormatException e) {
            throw new StorageException("cannot read " + path + ": " + e, e);
        }
    }

    /** Whether the record of {@code topic} at {@code commitLogOffset} belongs to a deleted generation. */
    boolean covers(String topic, long commitLogOffset) {
        Map<String, Long> current = deletedAt;
        if (current.isEmpty()) {
            return false;
        }
        Long at = current.get(topic);
        return at != null && commitLogOffset < at;
    }

    /** The commit-log offset below which the topic's records are deleted; 0 when it never was. */
    long deletedAt(String topic) {
        return deletedAt.getOrDefault(topic, 0L);
    }

    synchronized void add(String topic, long commitLogOffset) {
        Map<String, Long> next = new HashMap<>(deletedAt);
        next.put(topic, commitLogOffset);
        save(next);
    }

    /** Forgets the markers that retention made pointless: no record below them is left. */
    synchronized void forgetUpTo(long commitLogMinOffset) {
        Map<String, Long> next = new HashMap<>(deletedAt);
        if (next.values().removeIf(at -> at <= commitLogMinOffset)) {
            save(next);
        }
    }

    private void save(Map<String, Long> next) {
        StringBuilder text = new StringBuilder();
        next.forEach((topic, at) -> text.append(at).append('\t').append(topic).append('\n'));
        Path temporary = path.resolveSibling(path.getFileName() + ".tmp");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new StorageException("cannot write " + path + ": " + e, e);
        }
        deletedAt = Map.copyOf(next);
    }
}
