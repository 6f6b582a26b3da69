package io.hexmq.client.internal.offsets;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.remoting.body.JsonBodies;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Offsets of a broadcasting consumer, kept by the consumer itself: in memory, and when a directory is
 * configured also in {@code <dir>/<group>.offsets.json}, written whole to a temporary file and moved
 * over the old one, so a crash leaves either the previous or the new table. Read once at start.
 *
 * <pre>{"offsets":[{"topic":"T","brokerName":"b","queueId":0,"offset":42}, ...]}</pre>
 */
public final class LocalOffsetStore extends InMemoryOffsets {

    private static final Logger LOG = LoggerFactory.getLogger(LocalOffsetStore.class);

    private final Path file;
    private final Map<MessageQueue, Long> stored = new ConcurrentHashMap<>();

    /** @param dir where the file lives; {@code null} keeps the offsets in memory only */
    public LocalOffsetStore(Path dir, String group) {
        this.file = dir == null ? null : dir.resolve(group + ".offsets.json");
        load();
    }

    private void load() {
        if (file == null || !Files.exists(file)) {
            return;
        }
        try {
            JsonObject root = Bodies.parseObject(Files.readAllBytes(file), "local offsets");
            JsonElement list = root.get("offsets");
            if (list != null && list.isJsonArray()) {
                for (JsonElement element : list.getAsJsonArray()) {
                    JsonObject entry = element.getAsJsonObject();
                    stored.put(Bodies.messageQueue(entry), JsonBodies.longOr(entry, "offset", 0));
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Reading the offsets in {} failed; starting without them", file, e);
        }
    }

    @Override
    public OptionalLong readStored(MessageQueue queue) {
        Long offset = stored.get(queue);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    @Override
    public synchronized void persistAll(boolean await) {
        stored.putAll(offsets);
        if (file == null) {
            return;
        }
        Map<MessageQueue, Long> sorted = new TreeMap<>(stored);
        byte[] body = JsonBodies.write(json -> {
            json.beginObject().name("offsets").beginArray();
            for (Map.Entry<MessageQueue, Long> entry : sorted.entrySet()) {
                json.beginObject().name("topic").value(entry.getKey().topic())
                        .name("brokerName").value(entry.getKey().brokerName())
                        .name("queueId").value(entry.getKey().queueId())
                        .name("offset").value(entry.getValue()).endObject();
            }
            json.endArray().endObject();
        });
        try {
            Files.createDirectories(file.getParent());
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(temporary, body);
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warn("Writing the offsets to {} failed: {}", file, e.toString());
        }
    }

    @Override
    public void persistAndRemove(MessageQueue queue) {
        Long offset = offsets.remove(queue);
        if (offset != null) {
            stored.put(queue, offset);
        }
        persistAll(false);
    }

    @Override
    public String toString() {
        return "LocalOffsetStore[" + (file == null ? "memory" : file.toString()) + "]";
    }
}
