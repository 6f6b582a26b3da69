package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Subscription group configs in one JSON file shaped like RocketMQ's {@code subscriptionGroup.json}:
 * {@code {"subscriptionGroupTable":{"G":{"groupName":"G","consumeEnable":true,...}},"dataVersion":{...}}},
 * replaced atomically on every save. Missing fields take RocketMQ's defaults; unknown fields (5.x's
 * {@code forbiddenTable}, {@code subscriptionDataSet}, {@code attributes}) are ignored.
 */
public final class JsonSubscriptionGroupStore implements SubscriptionGroupStore {

    private final JsonStateFile<GroupsFile> file;

    public JsonSubscriptionGroupStore(Path path) {
        this.file = new JsonStateFile<>(path, GroupsFile.class, "subscription groups",
                ConsumerStateStorageException::new);
    }

    @Override
    public Optional<SubscriptionGroupTable> load() {
        return file.read(Optional.empty(), parsed -> {
            if (parsed == null) {
                throw new JsonParseException("the file is empty");
            }
            Map<GroupName, SubscriptionGroupConfig> configs = new LinkedHashMap<>();
            if (parsed.subscriptionGroupTable != null) {
                parsed.subscriptionGroupTable.forEach((name, json) -> {
                    SubscriptionGroupConfig config = toDomain(name, json);
                    configs.put(config.groupName(), config);
                });
            }
            return Optional.of(
                    new SubscriptionGroupTable(configs, DataVersionJson.toDomain(parsed.dataVersion)));
        });
    }

    @Override
    public synchronized void save(SubscriptionGroupTable table) {
        GroupsFile content = new GroupsFile();
        content.subscriptionGroupTable = new TreeMap<>();
        table.groups().forEach((name, config) -> content.subscriptionGroupTable.put(name.value(), GroupJson.of(config)));
        content.dataVersion = DataVersionJson.of(table.dataVersion());
        file.write(content);
    }

    private static SubscriptionGroupConfig toDomain(String key, GroupJson json) {
        if (json == null) {
            throw new JsonParseException("group " + key + " has no config");
        }
        return new SubscriptionGroupConfig(new GroupName(json.groupName == null ? key : json.groupName),
                json.consumeEnable, json.consumeFromMinEnable, json.consumeBroadcastEnable, json.consumeMessageOrderly,
                json.retryQueueNums, json.retryMaxTimes, json.brokerId, json.whichBrokerWhenConsumeSlowly,
                json.notifyConsumerIdsChangedEnable, json.groupSysFlag, json.consumeTimeoutMinute);
    }

    /** The file's JSON shape. */
    private static final class GroupsFile {
        Map<String, GroupJson> subscriptionGroupTable;
        DataVersionJson dataVersion;
    }

    /** One group, with RocketMQ's SubscriptionGroupConfig field names and defaults. */
    private static final class GroupJson {
        String groupName;
        boolean consumeEnable = true;
        boolean consumeFromMinEnable = true;
        boolean consumeBroadcastEnable = true;
        boolean consumeMessageOrderly;
        int retryQueueNums = SubscriptionGroupConfig.DEFAULT_RETRY_QUEUE_NUMS;
        int retryMaxTimes = SubscriptionGroupConfig.DEFAULT_RETRY_MAX_TIMES;
        long brokerId;
        long whichBrokerWhenConsumeSlowly = 1;
        boolean notifyConsumerIdsChangedEnable = true;
        int groupSysFlag;
        int consumeTimeoutMinute = SubscriptionGroupConfig.DEFAULT_CONSUME_TIMEOUT_MINUTE;

        static GroupJson of(SubscriptionGroupConfig config) {
            GroupJson json = new GroupJson();
            json.groupName = config.groupName().value();
            json.consumeEnable = config.consumeEnable();
            json.consumeFromMinEnable = config.consumeFromMinEnable();
            json.consumeBroadcastEnable = config.consumeBroadcastEnable();
            json.consumeMessageOrderly = config.consumeMessageOrderly();
            json.retryQueueNums = config.retryQueueNums();
            json.retryMaxTimes = config.retryMaxTimes();
            json.brokerId = config.brokerId();
            json.whichBrokerWhenConsumeSlowly = config.whichBrokerWhenConsumeSlowly();
            json.notifyConsumerIdsChangedEnable = config.notifyConsumerIdsChangedEnable();
            json.groupSysFlag = config.groupSysFlag();
            json.consumeTimeoutMinute = config.consumeTimeoutMinute();
            return json;
        }
    }
}
