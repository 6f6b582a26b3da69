package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Committed consumer offsets in one JSON file shaped like RocketMQ's {@code consumerOffset.json}:
 * {@code {"offsetTable":{"topic@group":{"0":12,"1":7}}}}, replaced atomically on every save. Neither
 * topic nor group names may contain {@code @}, so the key splits unambiguously.
 */
public final class JsonConsumerOffsetStore implements ConsumerOffsetStore {

    private static final char KEY_SEPARATOR = '@';

    private final AtomicFile file;
    private final Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public JsonConsumerOffsetStore(Path path) {
        this.file = new AtomicFile(path);
    }

    @Override
    public ConsumerOffsetTable load() {
        try {
            byte[] bytes = file.read().orElse(null);
            if (bytes == null) {
                return ConsumerOffsetTable.EMPTY;
            }
            OffsetsFile parsed = gson.fromJson(new String(bytes, StandardCharsets.UTF_8), OffsetsFile.class);
            if (parsed == null) {
                throw new JsonParseException("the file is empty");
            }
            Map<TopicGroup, Map<Integer, Long>> offsets = new LinkedHashMap<>();
            if (parsed.offsetTable != null) {
                parsed.offsetTable.forEach((key, queues) -> {
                    if (queues == null) {
                        throw new JsonParseException("no offsets under " + key);
                    }
                    offsets.put(parseKey(key), queues);
                });
            }
            return new ConsumerOffsetTable(offsets);
        } catch (IOException | JsonParseException | DomainException e) {
            throw new ConsumerStateStorageException(
                    "cannot read consumer offsets from " + file.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void save(ConsumerOffsetTable table) {
        OffsetsFile content = new OffsetsFile();
        content.offsetTable = new TreeMap<>();
        table.offsets().forEach((key, queues) -> content.offsetTable.put(
                key.topic().value() + KEY_SEPARATOR + key.group().value(), new TreeMap<>(queues)));
        try {
            file.write(gson.toJson(content).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ConsumerStateStorageException(
                    "cannot write consumer offsets to " + file.path() + ": " + e.getMessage(), e);
        }
    }

    private static TopicGroup parseKey(String key) {
        int separator = key.indexOf(KEY_SEPARATOR);
        if (separator <= 0 || separator == key.length() - 1) {
            throw new JsonParseException("offset key '" + key + "' is not topic@group");
        }
        return new TopicGroup(new TopicName(key.substring(0, separator)), new GroupName(key.substring(separator + 1)));
    }

    /** The file's JSON shape. */
    private static final class OffsetsFile {
        Map<String, Map<Integer, Long>> offsetTable;
    }
}
