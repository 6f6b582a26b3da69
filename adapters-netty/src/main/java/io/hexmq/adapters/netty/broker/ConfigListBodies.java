package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bodies of the list forms of topic and group creation, as {@code mqadmin updateTopicList} and
 * {@code updateSubGroupList} send them:
 * <ul>
 *   <li>CreateTopicListRequestBody {@code {"topicConfigList":[{"topicName":..,"readQueueNums":..,
 *       "writeQueueNums":..,"perm":..,"topicFilterType":..,"topicSysFlag":..,"order":..,"attributes":{}}]}}</li>
 *   <li>SubscriptionGroupList {@code {"groupConfigList":[SubscriptionGroupConfig, ...]}}</li>
 * </ul>
 * A topic's absent fields take RocketMQ's TopicConfig defaults; its name must be a legal topic name.
 */
final class ConfigListBodies {

    private ConfigListBodies() {
    }

    static List<TopicConfig> parseTopicConfigList(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, "CreateTopicListRequestBody");
        if (!json.has("topicConfigList")) {
            throw new InvalidBodyException("CreateTopicListRequestBody has no topicConfigList");
        }
        List<TopicConfig> topics = new ArrayList<>();
        for (JsonElement element : JsonBodies.array(json, "topicConfigList")) {
            topics.add(topicConfig(JsonBodies.object(element, "a topicConfigList entry")));
        }
        return topics;
    }

    static List<SubscriptionGroupConfig> parseSubscriptionGroupList(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, "SubscriptionGroupList");
        if (!json.has("groupConfigList")) {
            throw new InvalidBodyException("SubscriptionGroupList has no groupConfigList");
        }
        List<SubscriptionGroupConfig> groups = new ArrayList<>();
        for (JsonElement element : JsonBodies.array(json, "groupConfigList")) {
            groups.add(AdminBodies.subscriptionGroupConfig(JsonBodies.object(element, "a groupConfigList entry")));
        }
        return groups;
    }

    private static TopicConfig topicConfig(JsonObject json) {
        try {
            return new TopicConfig(new TopicName(JsonBodies.requiredString(json, "topicName", "TopicConfig")),
                    queueNums(json, "readQueueNums"), queueNums(json, "writeQueueNums"),
                    new Permission(JsonBodies.intOr(json, "perm", Permission.READ_WRITE.bits())),
                    TopicFilterType.valueOf(JsonBodies.string(json, "topicFilterType")
                            .orElse(TopicFilterType.SINGLE_TAG.name())),
                    JsonBodies.intOr(json, "topicSysFlag", 0),
                    JsonBodies.booleanOr(json, "order", false),
                    attributes(JsonBodies.objectOrEmpty(json, "attributes")));
        } catch (IllegalStateException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new InvalidBodyException("malformed TopicConfig: " + e.getMessage(), e);
        }
    }

    private static int queueNums(JsonObject json, String field) {
        int value = JsonBodies.intOr(json, field, TopicConfig.DEFAULT_QUEUE_NUMS);
        if (value < 0) {
            throw new InvalidBodyException(field + " must be 0 or more, got " + value);
        }
        return value;
    }

    /** Stored as the admin's tool writes them: {@code +key} for a key set, which the topic then holds as {@code key}. */
    private static Map<String, String> attributes(JsonObject json) {
        Map<String, String> attributes = new TreeMap<>();
        json.entrySet().forEach(entry -> {
            String key = entry.getKey().startsWith("+") ? entry.getKey().substring(1) : entry.getKey();
            if (!key.startsWith("-") && !key.isEmpty()) {
                attributes.put(key, entry.getValue().getAsString());
            }
        });
        return attributes;
    }
}
