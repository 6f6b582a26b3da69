package io.hexmq.adapters.netty.namesrv;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * The compressed REGISTER_BROKER body ({@code compressed=true}): one zlib stream
 * ({@link java.util.zip.Deflater} with its default wrapper), inside it length-prefixed chunks, all ints
 * big-endian.
 *
 * <pre>
 * +-----------+----------------------+------------+--- topicCount times ---------------------+
 * | int len   | DataVersion JSON     | int topic- | int len | TopicConfig line (UTF-8)        |
 * |           | {"counter":..,...}   |   Count    |         | "name read write perm filter    |
 * |           |                      |            |         |  [attributesJSON]"              |
 * +-----------+----------------------+------------+---------+---------------------------------+
 * +-----------+----------------------+-------------------------------------------------------+
 * | int len   | filterServerList     | 5.x only: int mappingCount, then per mapping int len  |
 * |           | JSON array ["h:p"]   | + TopicQueueMappingInfo JSON (ignored here)           |
 * +-----------+----------------------+-------------------------------------------------------+
 * </pre>
 *
 * <p>A TopicConfig line is space-separated: topic name, readQueueNums, writeQueueNums, perm, topic
 * filter type name, and (5.x) the attributes as a JSON object, possibly {@code {}}. 4.x lines stop
 * after the filter type. The line carries neither {@code topicSysFlag} nor {@code order}: both read as
 * 0/false, exactly as the official NameServer reads them.
 *
 * <p>A broker writes it ({@link #encode}) when {@code compressedRegister} is on or when the JSON body
 * would not fit in a frame: a TopicConfig line is about a fifth of its JSON, and deflate shrinks the
 * similar lines of many topics about tenfold again.
 *
 * <p>Limits: every chunk must be at most {@link #MAX_CHUNK_BYTES} long, so a hostile length cannot
 * make the NameServer allocate more than that at once.
 */
public final class CompressedRegisterBrokerBodyLayout {

    /** The default frame limit: no honest chunk (one topic line, one version, one list) comes near it. */
    static final int MAX_CHUNK_BYTES = 16 * 1024 * 1024;

    static final int NAME_FIELD = 0;
    static final int READ_QUEUE_NUMS_FIELD = 1;
    static final int WRITE_QUEUE_NUMS_FIELD = 2;
    static final int PERM_FIELD = 3;
    static final int FILTER_TYPE_FIELD = 4;
    static final int ATTRIBUTES_FIELD = 5;
    static final char FIELD_SEPARATOR = ' ';
    static final String NO_ATTRIBUTES = "{}";

    private CompressedRegisterBrokerBodyLayout() {
    }

    /**
     * The body as a 5.x broker compresses it, with no static-topic mappings (a count of 0, which a 4.x
     * NameServer never reads).
     */
    public static byte[] encode(DataVersion dataVersion, Collection<TopicConfig> topics, List<BrokerAddress> filterServers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + topics.size() * 8);
        // Buffered: each write into the deflater is a native call, and an int is four writes.
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new DeflaterOutputStream(bytes),
                64 * 1024))) {
            writeChunk(out, CommonJson.dataVersion(dataVersion));
            out.writeInt(topics.size());
            StringBuilder line = new StringBuilder(96);
            for (TopicConfig config : topics) {
                line.setLength(0);
                writeChunk(out, topicConfigLine(line, config).toString().getBytes(StandardCharsets.UTF_8));
            }
            writeChunk(out, JsonBodies.write(json -> {
                json.beginArray();
                for (BrokerAddress server : filterServers) {
                    json.value(server.value());
                }
                json.endArray();
            }));
            out.writeInt(0);
        } catch (IOException e) {
            throw new UncheckedIOException("compressing a RegisterBrokerBody in memory failed", e);
        }
        return bytes.toByteArray();
    }

    private static void writeChunk(DataOutputStream out, byte[] chunk) throws IOException {
        out.writeInt(chunk.length);
        out.write(chunk);
    }

    /** The line {@link #topicConfig(String)} reads back; attributes always written, {@code {}} when none. */
    static StringBuilder topicConfigLine(StringBuilder line, TopicConfig config) {
        line.append(config.name().value()).append(FIELD_SEPARATOR)
                .append(config.readQueueNums()).append(FIELD_SEPARATOR)
                .append(config.writeQueueNums()).append(FIELD_SEPARATOR)
                .append(config.permission().bits()).append(FIELD_SEPARATOR)
                .append(config.filterType().name()).append(FIELD_SEPARATOR);
        if (config.attributes().isEmpty()) {
            return line.append(NO_ATTRIBUTES);
        }
        return line.append(JsonBodies.text(json -> {
            json.beginObject();
            for (Map.Entry<String, String> attribute : config.attributes().entrySet()) {
                json.name(attribute.getKey()).value(attribute.getValue());
            }
            json.endObject();
        }));
    }

    static BrokerRegistrationBody decode(byte[] body) {
        // Buffered: the ints are read a byte at a time, and each read of the inflater is a native call.
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(
                new InflaterInputStream(new ByteArrayInputStream(body)), 64 * 1024))) {
            DataVersion dataVersion = NameServerBodies.parseDataVersion(readChunk(in, "DataVersion"));
            int topicCount = in.readInt();
            if (topicCount < 0) {
                throw new InvalidBodyException("compressed RegisterBrokerBody has a negative topic count");
            }
            Map<TopicName, TopicConfig> topics = new LinkedHashMap<>();
            for (int i = 0; i < topicCount; i++) {
                TopicConfig config = topicConfig(new String(readChunk(in, "topic config"), StandardCharsets.UTF_8));
                topics.put(config.name(), config);
            }
            List<BrokerAddress> filterServers = filterServers(readChunk(in, "filterServerList"));
            // 5.x brokers append static-topic mappings here; the NameServer does not serve them.
            return new BrokerRegistrationBody(dataVersion, List.copyOf(topics.values()), filterServers);
        } catch (EOFException e) {
            throw new InvalidBodyException("compressed RegisterBrokerBody ends early", e);
        } catch (ZipException e) {
            throw new InvalidBodyException("compressed RegisterBrokerBody is not a zlib stream: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new InvalidBodyException("compressed RegisterBrokerBody cannot be read: " + e.getMessage(), e);
        }
    }

    private static byte[] readChunk(DataInputStream in, String what) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_CHUNK_BYTES) {
            throw new InvalidBodyException("compressed RegisterBrokerBody: " + what + " length " + length
                    + " is outside 0.." + MAX_CHUNK_BYTES);
        }
        byte[] chunk = in.readNBytes(length);
        if (chunk.length != length) {
            throw new EOFException(what + " cut short");
        }
        return chunk;
    }

    /** Parses one TopicConfig line; the attributes JSON is the rest of the line, spaces included. */
    static TopicConfig topicConfig(String line) {
        String[] fields = line.split(String.valueOf(FIELD_SEPARATOR), ATTRIBUTES_FIELD + 1);
        if (fields.length < ATTRIBUTES_FIELD) {
            throw new InvalidBodyException("topic config line needs at least 5 fields: '" + line + "'");
        }
        try {
            return new TopicConfig(TopicName.reportedByBroker(fields[NAME_FIELD]),
                    Integer.parseInt(fields[READ_QUEUE_NUMS_FIELD]),
                    Integer.parseInt(fields[WRITE_QUEUE_NUMS_FIELD]),
                    new Permission(Integer.parseInt(fields[PERM_FIELD])),
                    RegisterBrokerBodyParser.filterType(fields[FILTER_TYPE_FIELD]),
                    0,
                    false,
                    fields.length > ATTRIBUTES_FIELD ? attributes(fields[ATTRIBUTES_FIELD]) : Map.of());
        } catch (NumberFormatException e) {
            throw new InvalidBodyException("topic config line has a malformed number: '" + line + "'", e);
        }
    }

    /** Attributes that do not parse are dropped, as the official NameServer drops them: routes do not use them. */
    private static Map<String, String> attributes(String json) {
        // Most topics have none; a Gson parse of "{}" per topic was most of the decoding time.
        if (json.isBlank() || NO_ATTRIBUTES.equals(json.trim())) {
            return Map.of();
        }
        try {
            return RegisterBrokerBodyParser.attributes(JsonParser.parseString(json));
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
            return Map.of();
        }
    }

    private static List<BrokerAddress> filterServers(byte[] json) {
        try {
            JsonElement list = JsonParser.parseString(new String(json, StandardCharsets.UTF_8));
            return RegisterBrokerBodyParser.filterServers(list.isJsonNull() ? new JsonArray() : list);
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("filterServerList is not a JSON array of strings: " + e.getMessage(), e);
        }
    }
}
