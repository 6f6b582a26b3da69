package io.hexmq.remoting.protocol;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON header (serialize type 0): a UTF-8 object with the envelope fields.
 *
 * <p>Writing produces the bytes the official Java peers produce: fields in alphabetical order
 * ({@code code, extFields, flag, language, opaque, remark, serializeTypeCurrentRPC, version}),
 * absent fields left out, header values in insertion order, and the same string escaping (control
 * characters, DEL..U+009F and U+2028/U+2029 as upper-case {@code \}{@code uXXXX}, everything else
 * raw UTF-8). Gson's own writer differs in those escapes, so the writer is hand-made and the golden
 * tests pin it. Reading takes the shape the official peers write through {@link JsonHeaderScanner};
 * anything else goes through Gson's streaming reader, which ignores unknown fields and accepts numbers and
 * booleans where strings are expected, because only the meaning of a header counts on input.
 */
final class JsonHeaderCodec {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private JsonHeaderCodec() {
    }

    /** Appends the header to {@code out} and returns its length in bytes. */
    static int write(RemotingCommand command, ByteBuf out) {
        StringBuilder json = new StringBuilder(128);
        json.append("{\"code\":").append(command.code());
        if (!command.extFields().isEmpty()) {
            json.append(",\"extFields\":{");
            boolean first = true;
            for (Map.Entry<String, String> field : command.extFields().entrySet()) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                appendString(json, field.getKey());
                json.append(':');
                appendString(json, field.getValue());
            }
            json.append('}');
        }
        json.append(",\"flag\":").append(command.flag());
        json.append(",\"language\":\"").append(command.language().name()).append('"');
        json.append(",\"opaque\":").append(command.opaque());
        if (command.remark() != null) {
            json.append(",\"remark\":");
            appendString(json, command.remark());
        }
        json.append(",\"serializeTypeCurrentRPC\":\"JSON\"");
        json.append(",\"version\":").append(command.version()).append('}');
        return ByteBufUtil.writeUtf8(out, json);
    }

    private static void appendString(StringBuilder json, String value) {
        json.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\b' -> json.append("\\b");
                case '\t' -> json.append("\\t");
                case '\n' -> json.append("\\n");
                case '\f' -> json.append("\\f");
                case '\r' -> json.append("\\r");
                default -> {
                    if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029') {
                        json.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF])
                                .append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    /** Parses the whole of {@code header}; the body has already been cut from the frame. */
    static RemotingCommand read(ByteBuf header, byte[] body) {
        RemotingCommand command = JsonHeaderScanner.read(header, body);
        return command != null ? command : readWithGson(header, body);
    }

    /** The general reader: any JSON Gson's strict reader takes, and the errors of any it does not. */
    static RemotingCommand readWithGson(ByteBuf header, byte[] body) {
        String text = header.toString(StandardCharsets.UTF_8);
        try (JsonReader reader = new JsonReader(new StringReader(text))) {
            return read(reader, body);
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            throw new MalformedFrameException("unparsable JSON header: " + e.getMessage(), e);
        }
    }

    private static RemotingCommand read(JsonReader reader, byte[] body) throws IOException {
        int code = 0;
        LanguageCode language = LanguageCode.JAVA;
        int version = 0;
        int opaque = 0;
        int flag = 0;
        String remark = null;
        Map<String, String> extFields = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
            String name = reader.nextName();
            if (reader.peek() == JsonToken.NULL) {
                reader.nextNull();
                continue;
            }
            switch (name) {
                case "code" -> code = reader.nextInt();
                case "language" -> language = LanguageCode.fromName(reader.nextString());
                case "version" -> version = reader.nextInt();
                case "opaque" -> opaque = reader.nextInt();
                case "flag" -> flag = reader.nextInt();
                case "remark" -> remark = reader.nextString();
                case "extFields" -> readExtFields(reader, extFields);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        if (reader.peek() != JsonToken.END_DOCUMENT) {
            throw new MalformedFrameException("unparsable JSON header: content after the header object");
        }
        return new RemotingCommand(code, language, version, opaque, flag, remark, extFields, body);
    }

    private static void readExtFields(JsonReader reader, Map<String, String> extFields) throws IOException {
        reader.beginObject();
        while (reader.hasNext()) {
            String name = reader.nextName();
            switch (reader.peek()) {
                case NULL -> reader.nextNull();
                case BOOLEAN -> extFields.put(name, Boolean.toString(reader.nextBoolean()));
                default -> extFields.put(name, reader.nextString());
            }
        }
        reader.endObject();
    }
}
