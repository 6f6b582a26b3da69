package io.hexmq.adapters.file.state;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The layout of the topic table's change log ({@link LogFileTopicConfigStore}): a header and
 * {@link FramedRecordLayout} records, one a save, each holding what that save changed as compact UTF-8 JSON
 * in {@code topics.json}'s own shapes. One record a save, not one a topic: a save torn by a crash is dropped
 * whole, so a replay never yields a mix of two tables.
 *
 * <pre>
 * file    := "TOPL":int generation:long record*
 * payload := utf8 of {"topicConfigTable":{"T":{"topicName":"T",...},...},"deletedTopics":["U",...],
 *                     "dataVersion":{"counter":..,"stateVersion":..,"timestamp":..}}
 * </pre>
 *
 * A record's topics are created or replaced whole, its deleted topics removed, and its version is the table's
 * after the save: every field is absolute, so replaying a record onto a table that holds it already changes
 * nothing.
 */
final class TopicChangeLogLayout {

    static final int LOG_MAGIC = 0x544F504C;

    /**
     * What one save changed.
     *
     * @param changed the topics created or changed, whole
     * @param deleted the topics removed
     * @param version the table's version after the save
     */
    record Change(List<TopicConfig> changed, List<TopicName> deleted, DataVersion version) {

        Change {
            changed = List.copyOf(changed);
            deleted = List.copyOf(deleted);
            Objects.requireNonNull(version, "version");
        }
    }

    private final Gson gson = new GsonBuilder().disableHtmlEscaping().create();

    /**
     * Writes {@code change} as one record at the buffer's position.
     *
     * @return {@code buffer}, or a larger copy of it when the record did not fit, holding the record too
     */
    ByteBuffer put(ByteBuffer buffer, Change change) {
        ChangeJson json = new ChangeJson();
        json.topicConfigTable = TopicConfigJson.byName(change.changed());
        json.deletedTopics = change.deleted().stream().map(TopicName::value).toList();
        json.dataVersion = DataVersionJson.of(change.version());
        byte[] payload = gson.toJson(json).getBytes(StandardCharsets.UTF_8);
        int needed = FramedRecordLayout.RECORD_HEADER_BYTES + payload.length;
        ByteBuffer into = buffer;
        if (buffer.remaining() < needed) {
            into = ByteBuffer.allocate(Math.max(2 * buffer.capacity(), buffer.position() + needed));
            into.put(buffer.flip());
        }
        int start = into.position();
        into.position(start + FramedRecordLayout.RECORD_HEADER_BYTES).put(payload);
        FramedRecordLayout.seal(into, start);
        return into;
    }

    /**
     * One record's payload as the change it holds.
     *
     * @throws JsonParseException or {@link IllegalArgumentException} (a config the model refuses) when a whole
     *                            record holds what no save wrote
     */
    Change decode(ByteBuffer payload) {
        ChangeJson json = gson.fromJson(StandardCharsets.UTF_8.decode(payload).toString(), ChangeJson.class);
        if (json == null || json.dataVersion == null) {
            throw new JsonParseException("a topic change record without a data version");
        }
        List<TopicConfig> changed = new ArrayList<>();
        if (json.topicConfigTable != null) {
            for (Map.Entry<String, TopicConfigJson> entry : json.topicConfigTable.entrySet()) {
                changed.add(TopicConfigJson.toDomain(entry.getKey(), entry.getValue()));
            }
        }
        List<TopicName> deleted = json.deletedTopics == null ? List.of()
                : json.deletedTopics.stream().map(TopicName::new).toList();
        return new Change(changed, deleted, DataVersionJson.toDomain(json.dataVersion));
    }

    /** A record's JSON shape. */
    private static final class ChangeJson {
        Map<String, TopicConfigJson> topicConfigTable;
        List<String> deletedTopics;
        DataVersionJson dataVersion;
    }
}
