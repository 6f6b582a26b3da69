package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The topic table in one JSON file shaped like RocketMQ's {@code topics.json}:
 * {@code {"topicConfigTable":{"T":{"topicName":"T","readQueueNums":4,...}},"dataVersion":{...}}},
 * replaced atomically on every save. Fields missing from a topic (files of older brokers have no
 * {@code attributes}) take RocketMQ's class defaults; unknown fields are ignored. The broker keeps its
 * changes in {@link LogFileTopicConfigStore}, which writes this file as its snapshot, with the generation of
 * the change log that follows it as one more field ({@code changeLogGeneration}; a RocketMQ broker ignores
 * it, and a file without it is of generation 0).
 */
public final class JsonTopicConfigStore implements TopicConfigStore {

    /** The table a file holds, and the generation of the change log that follows it. */
    record Snapshot(TopicConfigTable table, long generation) {
    }

    private final JsonStateFile<TopicsFile> file;
    private final Path path;

    public JsonTopicConfigStore(Path path) {
        this.path = path.toAbsolutePath();
        this.file = new JsonStateFile<>(path, TopicsFile.class, "topic configs",
                TopicConfigStorageException::new);
    }

    @Override
    public Optional<TopicConfigTable> load() {
        return loadSnapshot().map(Snapshot::table);
    }

    @Override
    public synchronized void save(TopicConfigTable table) {
        file.write(content(table, null));
    }

    Path path() {
        return path;
    }

    /** The table and its generation; empty when the file was never written. */
    Optional<Snapshot> loadSnapshot() {
        return file.read(Optional.empty(), parsed -> {
            if (parsed == null) {
                throw new JsonParseException("the file is empty");
            }
            Map<TopicName, TopicConfig> configs = new LinkedHashMap<>();
            if (parsed.topicConfigTable != null) {
                parsed.topicConfigTable.forEach((name, json) -> {
                    TopicConfig config = TopicConfigJson.toDomain(name, json);
                    configs.put(config.name(), config);
                });
            }
            return Optional.of(new Snapshot(new TopicConfigTable(configs, DataVersionJson.toDomain(parsed.dataVersion)),
                    parsed.changeLogGeneration == null ? 0 : parsed.changeLogGeneration));
        });
    }

    /** Replaces the file with {@code table}, followed by the change log of {@code generation}. */
    synchronized void save(TopicConfigTable table, long generation) {
        file.write(content(table, generation));
    }

    private static TopicsFile content(TopicConfigTable table, Long generation) {
        TopicsFile content = new TopicsFile();
        content.topicConfigTable = TopicConfigJson.byName(table.configs());
        content.dataVersion = DataVersionJson.of(table.dataVersion());
        content.changeLogGeneration = generation;
        return content;
    }

    /** The file's JSON shape. */
    private static final class TopicsFile {
        Map<String, TopicConfigJson> topicConfigTable;
        DataVersionJson dataVersion;
        /** Absent (null) in RocketMQ's files and in those of a plain save. */
        Long changeLogGeneration;
    }
}
