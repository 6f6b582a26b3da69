package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The statistics bodies of the admin codes, which the broker writes and the SDK reads, as the official
 * classes encode them; their field names are spelled here and nowhere else, each beside the record of its shape:
 * <pre>{@code
 * BrokerStatsData   {"statsDay":{"avgpt":1.5,"sum":90,"tps":0.001},"statsHour":{..},"statsMinute":{..}}
 * TopicStatsTable   {"offsetTable":{MessageQueue:{"lastUpdateTimestamp":..,"maxOffset":..,"minOffset":..}}}
 * ConsumeStats      {"consumeTps":0.5,"offsetTable":{MessageQueue:{"brokerOffset":..,"consumerOffset":..,
 *                    "pullOffset":..,"lastTimestamp":..}}}
 * ConsumeStatsList  {"brokerAddr":"h:p","consumeStatsList":[{"CG":[ConsumeStats, ..]}, ..],"totalDiff":..,
 *                    "totalInflightDiff":..}
 * }</pre>
 * VIEW_BROKER_STATS_DATA answers the first, GET_TOPIC_STATS_INFO the second, GET_CONSUME_STATS the third and
 * GET_BROKER_CONSUME_STATS the last. The MessageQueue-keyed tables have fastjson's object keys
 * ({@link ObjectKeyedTable}), so a ConsumeStatsList is cut into its parts before Gson reads one. Readers take
 * an absent figure as 0; a body that does not read throws {@link InvalidBodyException}.
 */
public final class StatsJson {

    /** One window of a BrokerStatsData: the sum over it, per second, and the average per sample. */
    public record Window(long sum, double tps, double avgpt) {
        private static final String SUM = "sum";
        private static final String TPS = "tps";
        private static final String AVGPT = "avgpt";

        private void write(JsonWriter json) throws IOException {
            json.beginObject().name(AVGPT).value(avgpt).name(SUM).value(sum).name(TPS).value(tps).endObject();
        }

        private static Window read(JsonObject window) {
            return new Window(JsonBodies.longOr(window, SUM, 0), JsonBodies.doubleOr(window, TPS, 0),
                    JsonBodies.doubleOr(window, AVGPT, 0));
        }
    }

    /** A BrokerStatsData: one stats item over the last minute, hour and day. */
    public record BrokerStats(Window minute, Window hour, Window day) {
        private static final String STATS_MINUTE = "statsMinute";
        private static final String STATS_HOUR = "statsHour";
        private static final String STATS_DAY = "statsDay";

        public BrokerStats {
            Objects.requireNonNull(minute, "minute");
            Objects.requireNonNull(hour, "hour");
            Objects.requireNonNull(day, "day");
        }
    }

    /** A TopicStatsTable's value (a TopicOffset): a queue's bounds and when its last message was stored. */
    public record QueueOffsets(long minOffset, long maxOffset, long lastUpdateTimestamp) {
        private static final String MIN_OFFSET = "minOffset";
        private static final String MAX_OFFSET = "maxOffset";
        private static final String LAST_UPDATE_TIMESTAMP = "lastUpdateTimestamp";

        private String text() {
            return JsonBodies.text(json -> json.beginObject().name(LAST_UPDATE_TIMESTAMP).value(lastUpdateTimestamp)
                    .name(MAX_OFFSET).value(maxOffset).name(MIN_OFFSET).value(minOffset).endObject());
        }

        private static QueueOffsets read(JsonObject value) {
            return new QueueOffsets(JsonBodies.longOr(value, MIN_OFFSET, 0), JsonBodies.longOr(value, MAX_OFFSET, 0),
                    JsonBodies.longOr(value, LAST_UPDATE_TIMESTAMP, 0));
        }
    }

    /** A ConsumeStats' value (an OffsetWrapper): where a queue ends, where the group committed, pulled, last stored. */
    public record QueueProgress(long brokerOffset, long consumerOffset, long pullOffset, long lastTimestamp) {
        private static final String BROKER_OFFSET = "brokerOffset";
        private static final String CONSUMER_OFFSET = "consumerOffset";
        private static final String PULL_OFFSET = "pullOffset";
        private static final String LAST_TIMESTAMP = "lastTimestamp";

        /** In the order of the official fields, as fastjson writes an OffsetWrapper. */
        private String text() {
            return JsonBodies.text(json -> json.beginObject().name(BROKER_OFFSET).value(brokerOffset)
                    .name(CONSUMER_OFFSET).value(consumerOffset).name(PULL_OFFSET).value(pullOffset)
                    .name(LAST_TIMESTAMP).value(lastTimestamp).endObject());
        }

        private static QueueProgress read(JsonObject value) {
            return new QueueProgress(JsonBodies.longOr(value, BROKER_OFFSET, 0),
                    JsonBodies.longOr(value, CONSUMER_OFFSET, 0), JsonBodies.longOr(value, PULL_OFFSET, 0),
                    JsonBodies.longOr(value, LAST_TIMESTAMP, 0));
        }
    }

    /** A ConsumeStats: one group's progress on a topic's queues (in their order), and its fetch rate. */
    public record ConsumeStats(Map<ConsumerJson.Queue, QueueProgress> offsets, double consumeTps) {
        private static final String CONSUME_TPS = "consumeTps";

        public ConsumeStats {
            offsets = Collections.unmodifiableMap(new LinkedHashMap<>(offsets));
        }

        private String text() {
            return "{\"" + CONSUME_TPS + "\":" + consumeTps + ",\"" + ConsumerJson.OFFSET_TABLE + "\":"
                    + ObjectKeyedTable.write(offsets, ConsumerJson::queueText, QueueProgress::text) + "}";
        }

        private static ConsumeStats read(String text) {
            Map<ConsumerJson.Queue, QueueProgress> offsets = new LinkedHashMap<>();
            for (Map.Entry<JsonElement, JsonElement> entry
                    : ObjectKeyedTable.read(text.getBytes(StandardCharsets.UTF_8), ConsumerJson.OFFSET_TABLE)) {
                JsonObject value = JsonBodies.object(entry.getValue(), "OffsetWrapper");
                try {
                    offsets.put(ConsumerJson.readQueue(entry.getKey()), QueueProgress.read(value));
                } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                    throw new InvalidBodyException("malformed ConsumeStats: " + e.getMessage(), e);
                }
            }
            return new ConsumeStats(offsets, number(ObjectKeyedTable.rawFields(text), CONSUME_TPS).doubleValue());
        }
    }

    /** One entry of a ConsumeStatsList: a group and a ConsumeStats for each topic it consumes. */
    public record GroupStats(String group, List<ConsumeStats> topics) {

        public GroupStats {
            Objects.requireNonNull(group, "group");
            topics = List.copyOf(topics);
        }
    }

    /** A ConsumeStatsList: the consume stats of every group of one broker, and the lag they add up to. */
    public record ConsumeStatsList(String brokerAddress, List<GroupStats> groups, long totalDiff,
                                   long totalInflightDiff) {
        private static final String BROKER_ADDR = "brokerAddr";
        private static final String CONSUME_STATS_LIST = "consumeStatsList";
        private static final String TOTAL_DIFF = "totalDiff";
        private static final String TOTAL_INFLIGHT_DIFF = "totalInflightDiff";

        public ConsumeStatsList {
            Objects.requireNonNull(brokerAddress, "brokerAddress");
            groups = List.copyOf(groups);
        }

        /** One single-entry map per group, as the official broker fills the list. */
        private void write(JsonWriter json) throws IOException {
            json.beginObject().name(BROKER_ADDR).value(brokerAddress).name(CONSUME_STATS_LIST).beginArray();
            for (GroupStats group : groups) {
                json.beginObject().name(group.group()).beginArray();
                for (ConsumeStats topic : group.topics()) {
                    json.jsonValue(topic.text());
                }
                json.endArray().endObject();
            }
            json.endArray().name(TOTAL_DIFF).value(totalDiff).name(TOTAL_INFLIGHT_DIFF).value(totalInflightDiff)
                    .endObject();
        }

        private static ConsumeStatsList read(String text) {
            Map<String, String> fields = ObjectKeyedTable.rawFields(text);
            List<GroupStats> groups = new ArrayList<>();
            for (String entry : ObjectKeyedTable.rawElements(fields.getOrDefault(CONSUME_STATS_LIST, "[]"))) {
                ObjectKeyedTable.rawFields(entry).forEach((group, statsList) -> {
                    List<ConsumeStats> topics = new ArrayList<>();
                    ObjectKeyedTable.rawElements(statsList).forEach(stats -> topics.add(ConsumeStats.read(stats)));
                    groups.add(new GroupStats(group, topics));
                });
            }
            try {
                JsonElement address = JsonParser.parseString(fields.getOrDefault(BROKER_ADDR, "\"\""));
                return new ConsumeStatsList(address.isJsonNull() ? "" : address.getAsString(), groups,
                        number(fields, TOTAL_DIFF).longValue(), number(fields, TOTAL_INFLIGHT_DIFF).longValue());
            } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
                throw new InvalidBodyException("malformed ConsumeStatsList: " + e.getMessage(), e);
            }
        }
    }

    private StatsJson() {
    }

    public static byte[] brokerStats(BrokerStats stats) {
        return JsonBodies.write(json -> {
            json.beginObject().name(BrokerStats.STATS_DAY);
            stats.day().write(json);
            json.name(BrokerStats.STATS_HOUR);
            stats.hour().write(json);
            json.name(BrokerStats.STATS_MINUTE);
            stats.minute().write(json);
            json.endObject();
        });
    }

    public static BrokerStats readBrokerStats(byte[] body) {
        return JsonBodies.readObject(body, "BrokerStatsData", json -> new BrokerStats(
                Window.read(JsonBodies.objectOrEmpty(json, BrokerStats.STATS_MINUTE)),
                Window.read(JsonBodies.objectOrEmpty(json, BrokerStats.STATS_HOUR)),
                Window.read(JsonBodies.objectOrEmpty(json, BrokerStats.STATS_DAY))));
    }

    public static byte[] topicStatsTable(Map<ConsumerJson.Queue, QueueOffsets> table) {
        return ConsumerJson.offsetTable(table, QueueOffsets::text);
    }

    /** A TopicStatsTable's queues, in its order. */
    public static Map<ConsumerJson.Queue, QueueOffsets> readTopicStatsTable(byte[] body) {
        Map<ConsumerJson.Queue, QueueOffsets> table = new LinkedHashMap<>();
        for (Map.Entry<JsonElement, JsonElement> entry : ObjectKeyedTable.read(body, ConsumerJson.OFFSET_TABLE)) {
            JsonObject value = JsonBodies.object(entry.getValue(), "TopicOffset");
            try {
                table.put(ConsumerJson.readQueue(entry.getKey()), QueueOffsets.read(value));
            } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                throw new InvalidBodyException("malformed TopicStatsTable: " + e.getMessage(), e);
            }
        }
        return table;
    }

    public static byte[] consumeStats(ConsumeStats stats) {
        return stats.text().getBytes(StandardCharsets.UTF_8);
    }

    public static ConsumeStats readConsumeStats(byte[] body) {
        return ConsumeStats.read(new String(body, StandardCharsets.UTF_8));
    }

    public static byte[] consumeStatsList(ConsumeStatsList list) {
        return JsonBodies.write(list::write);
    }

    /** A ConsumeStatsList; its groups in order, each entry's groups one after another. */
    public static ConsumeStatsList readConsumeStatsList(byte[] body) {
        return ConsumeStatsList.read(new String(body, StandardCharsets.UTF_8));
    }

    /** A raw numeric field; 0 when it is absent or null. */
    private static Number number(Map<String, String> fields, String field) {
        String text = fields.get(field);
        if (text == null || text.equals("null")) {
            return 0;
        }
        try {
            return JsonParser.parseString(text).getAsBigDecimal();
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed " + field + ": " + text, e);
        }
    }
}
