package io.hexmq.remoting.protocol;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the JSON header (serialize type 0), a UTF-8 object with the envelope fields; {@link JsonHeaderWriter}
 * writes it. Reading takes the shape the official peers write through {@link JsonHeaderScanner};
 * anything else goes through Gson's streaming reader, which ignores unknown fields and accepts numbers and
 * booleans where strings are expected, because only the meaning of a header counts on input.
 */
final class JsonHeaderCodec {

    private JsonHeaderCodec() {
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
