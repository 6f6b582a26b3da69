package io.hexmq.adapters.chronicle.directory;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@link Checkpoint} as a text file, {@code checkpoint} under the store's root, replaced atomically
 * (a temporary file, forced, renamed). Tab-separated lines:
 * <pre>
 * checkpoint 1
 * document   index documentPhysical nextPhysical
 * keys       capacity next lastOffset lastStoreTime
 * span       cycle firstDocument firstPhysical lastDocument     (one per cycle)
 * queue      topic queueId min max                              (one per queue)
 * end
 * </pre>
 * A file that does not end with {@code end}, or of another version, reads as no checkpoint: the store
 * then rebuilds its indexes from the whole log.
 */
final class CheckpointFile {

    private static final String VERSION = "1";

    private CheckpointFile() {
    }

    static Optional<Checkpoint> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 3 || !lines.get(0).equals("checkpoint\t" + VERSION)
                || !lines.get(lines.size() - 1).equals("end")) {
                return Optional.empty();
            }
            String[] document = fields(lines.get(1), "document", 4);
            String[] keys = fields(lines.get(2), "keys", 5);
            List<Checkpoint.Span> spans = new ArrayList<>();
            List<Checkpoint.Queue> queues = new ArrayList<>();
            for (String line : lines.subList(3, lines.size() - 1)) {
                if (line.startsWith("span\t")) {
                    String[] span = fields(line, "span", 5);
                    spans.add(new Checkpoint.Span(Integer.parseInt(span[1]), Long.parseLong(span[2]),
                        Long.parseLong(span[3]), Long.parseLong(span[4])));
                } else {
                    String[] queue = fields(line, "queue", 5);
                    queues.add(new Checkpoint.Queue(queue[1], Integer.parseInt(queue[2]), Long.parseLong(queue[3]),
                        Long.parseLong(queue[4])));
                }
            }
            return Optional.of(new Checkpoint(Long.parseLong(document[1]), Long.parseLong(document[2]),
                Long.parseLong(document[3]), Integer.parseInt(keys[1]), Long.parseLong(keys[2]),
                Long.parseLong(keys[3]), Long.parseLong(keys[4]), spans, queues));
        } catch (IOException | IllegalArgumentException e) {
            throw new StorageException("cannot read the checkpoint " + file + ": " + e, e);
        }
    }

    private static String[] fields(String line, String kind, int count) {
        String[] fields = line.split("\t");
        if (fields.length != count || !fields[0].equals(kind)) {
            throw new IllegalArgumentException("expected a " + kind + " line of " + count + " fields: " + line);
        }
        return fields;
    }

    static void write(Path file, Checkpoint checkpoint) {
        StringBuilder text = new StringBuilder(64 + 48 * checkpoint.queues().size());
        text.append("checkpoint\t").append(VERSION).append('\n');
        text.append("document\t").append(checkpoint.document()).append('\t').append(checkpoint.documentPhysical())
            .append('\t').append(checkpoint.nextPhysical()).append('\n');
        text.append("keys\t").append(checkpoint.keyCapacity()).append('\t').append(checkpoint.keyNext()).append('\t')
            .append(checkpoint.keyLastOffset()).append('\t').append(checkpoint.keyLastStoreTime()).append('\n');
        for (Checkpoint.Span span : checkpoint.spans()) {
            text.append("span\t").append(span.cycle()).append('\t').append(span.firstDocument()).append('\t')
                .append(span.firstPhysical()).append('\t').append(span.lastDocument()).append('\n');
        }
        for (Checkpoint.Queue queue : checkpoint.queues()) {
            text.append("queue\t").append(queue.topic()).append('\t').append(queue.queueId()).append('\t')
                .append(queue.min()).append('\t').append(queue.max()).append('\n');
        }
        text.append("end\n");
        try {
            StoreDirectory.writeAtomically(file, writer -> writer.write(text.toString()));
        } catch (IOException e) {
            throw new StorageException("cannot write the checkpoint " + file + ": " + e, e);
        }
    }
}
