package io.hexmq.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * What the broker acknowledged, per queue: one past the highest queue offset a SEND_OK answer covered.
 * A recovered broker must hold at least that much of every queue, or it lost an acknowledged message.
 *
 * <p>The file is text, one queue a line ({@code topic queueId end}); it is replaced atomically, so a
 * filler killed half-way leaves the previous version, which only understates what was acknowledged.
 * Loading a ledger and recording into it keeps the higher end of each queue, so runs add up.
 */
final class RecoveryLedger {

    private final Map<MessageQueue, Long> acknowledgedEnds = new ConcurrentHashMap<>();

    static RecoveryLedger load(Path file) {
        RecoveryLedger ledger = new RecoveryLedger();
        if (!Files.exists(file)) {
            return ledger;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] fields = line.trim().split(" ");
                if (fields.length == 3) {
                    ledger.acknowledged(new MessageQueue(fields[0], "", Integer.parseInt(fields[1])),
                            Long.parseLong(fields[2]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ledger;
    }

    /** Queue identities in the ledger carry no broker name: one broker, and pulls name it from the route. */
    void acknowledged(MessageQueue queue, long end) {
        acknowledgedEnds.merge(new MessageQueue(queue.getTopic(), "", queue.getQueueId()), end, Math::max);
    }

    /** The acknowledged end of every queue, sorted by topic and queue id. */
    Map<MessageQueue, Long> ends() {
        return new TreeMap<>(acknowledgedEnds);
    }

    long total() {
        return acknowledgedEnds.values().stream().mapToLong(Long::longValue).sum();
    }

    void save(Path file) {
        StringBuilder text = new StringBuilder();
        ends().forEach((queue, end) -> text.append(queue.getTopic()).append(' ').append(queue.getQueueId())
                .append(' ').append(end).append('\n'));
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            Files.writeString(partial, text, StandardCharsets.UTF_8);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
