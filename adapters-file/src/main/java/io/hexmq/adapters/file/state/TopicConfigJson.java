package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.TreeMap;

/**
 * One topic's JSON shape, with RocketMQ's TopicConfig field names and class defaults: an entry of
 * {@code topics.json}'s {@code topicConfigTable}, and of the topic change log's records.
 */
final class TopicConfigJson {

    String topicName;
    int readQueueNums = TopicConfig.DEFAULT_QUEUE_NUMS;
    int writeQueueNums = TopicConfig.DEFAULT_QUEUE_NUMS;
    int perm = Permission.READ_WRITE.bits();
    TopicFilterType topicFilterType = TopicFilterType.SINGLE_TAG;
    int topicSysFlag;
    boolean order;
    Map<String, String> attributes = new TreeMap<>();

    static TopicConfigJson of(TopicConfig config) {
        TopicConfigJson json = new TopicConfigJson();
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

    /** The config filed under {@code key}; a config without a name takes the key's. */
    static TopicConfig toDomain(String key, TopicConfigJson json) {
        if (json == null) {
            throw new JsonParseException("topic " + key + " has no config");
        }
        TopicFilterType filterType = json.topicFilterType == null ? TopicFilterType.SINGLE_TAG : json.topicFilterType;
        return new TopicConfig(new TopicName(json.topicName == null ? key : json.topicName), json.readQueueNums,
                json.writeQueueNums, new Permission(json.perm), filterType, json.topicSysFlag, json.order,
                json.attributes == null ? Map.of() : json.attributes);
    }

    /** The JSON of each config, by name, in name order. */
    static Map<String, TopicConfigJson> byName(Iterable<TopicConfig> configs) {
        Map<String, TopicConfigJson> byName = new TreeMap<>();
        for (TopicConfig config : configs) {
            byName.put(config.name().value(), of(config));
        }
        return byName;
    }
}
