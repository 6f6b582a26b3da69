package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The topic table in one JSON file shaped like RocketMQ's {@code topics.json}:
 * {@code {"topicConfigTable":{"T":{"topicName":"T","readQueueNums":4,...}},"dataVersion":{...}}},
 * replaced atomically on every save. Fields missing from a topic (files of older brokers have no
 * {@code attributes}) take RocketMQ's class defaults; unknown fields are ignored.
 */
public final class JsonTopicConfigStore implements TopicConfigStore {

    private final JsonStateFile<TopicsFile> file;

    public JsonTopicConfigStore(Path path) {
        this.file = new JsonStateFile<>(path, TopicsFile.class, "topic configs",
                TopicConfigStorageException::new);
    }

    @Override
    public Optional<TopicConfigTable> load() {
        return file.read(Optional.empty(), parsed -> {
            if (parsed == null) {
                throw new JsonParseException("the file is empty");
            }
            Map<TopicName, TopicConfig> configs = new LinkedHashMap<>();
            if (parsed.topicConfigTable != null) {
                parsed.topicConfigTable.forEach((name, json) -> {
                    TopicConfig config = toDomain(name, json);
                    configs.put(config.name(), config);
                });
            }
            return Optional.of(new TopicConfigTable(configs, DataVersionJson.toDomain(parsed.dataVersion)));
        });
    }

    @Override
    public synchronized void save(TopicConfigTable table) {
        TopicsFile content = new TopicsFile();
        content.topicConfigTable = new TreeMap<>();
        table.topics().forEach((name, config) -> content.topicConfigTable.put(name.value(), TopicJson.of(config)));
        content.dataVersion = DataVersionJson.of(table.dataVersion());
        file.write(content);
    }

    private static TopicConfig toDomain(String key, TopicJson json) {
        if (json == null) {
            throw new JsonParseException("topic " + key + " has no config");
        }
        TopicFilterType filterType = json.topicFilterType == null ? TopicFilterType.SINGLE_TAG : json.topicFilterType;
        return new TopicConfig(new TopicName(json.topicName == null ? key : json.topicName), json.readQueueNums,
                json.writeQueueNums, new Permission(json.perm), filterType, json.topicSysFlag, json.order,
                json.attributes == null ? Map.of() : json.attributes);
    }

    /** The file's JSON shape. */
    private static final class TopicsFile {
        Map<String, TopicJson> topicConfigTable;
        DataVersionJson dataVersion;
    }

    /** One topic, with RocketMQ's TopicConfig field names and class defaults. */
    private static final class TopicJson {
        String topicName;
        int readQueueNums = TopicConfig.DEFAULT_QUEUE_NUMS;
        int writeQueueNums = TopicConfig.DEFAULT_QUEUE_NUMS;
        int perm = Permission.READ_WRITE.bits();
        TopicFilterType topicFilterType = TopicFilterType.SINGLE_TAG;
        int topicSysFlag;
        boolean order;
        Map<String, String> attributes = new TreeMap<>();

        static TopicJson of(TopicConfig config) {
            TopicJson json = new TopicJson();
            json.topicName = config.name().value();
            json.readQueueNums = config.readQueueNums();
            json.writeQueueNums = config.writeQueueNums();
            json.perm = config.permission().bits();
            json.topicFilterType = config.filterType();
            json.topicSysFlag = config.topicSysFlag();
            json.order = config.order();
            json.attributes = new TreeMap<>(config.attributes());
            return json;
        }
    }
}
