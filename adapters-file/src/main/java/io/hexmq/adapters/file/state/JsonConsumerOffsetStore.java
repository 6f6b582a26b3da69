package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.topic.TopicName;
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

    private final JsonStateFile<OffsetsFile> file;

    public JsonConsumerOffsetStore(Path path) {
        this.file = new JsonStateFile<>(path, OffsetsFile.class, "consumer offsets",
                ConsumerStateStorageException::new);
    }

    @Override
    public ConsumerOffsetTable load() {
        return file.read(ConsumerOffsetTable.EMPTY, parsed -> {
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
        });
    }

    @Override
    public synchronized void save(ConsumerOffsetTable table) {
        OffsetsFile content = new OffsetsFile();
        content.offsetTable = new TreeMap<>();
        table.offsets().forEach((key, queues) -> content.offsetTable.put(
                key.topic().value() + KEY_SEPARATOR + key.group().value(), new TreeMap<>(queues)));
        file.write(content);
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
