package io.hexmq.remoting.body;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reading and writing JSON bodies with Gson, the one helper the broker, the NameServer, the SDK and the
 * admin CLI write and read JSON with. Writers put keys in the order the caller writes them (fastjson's,
 * alphabetical, for the official bodies), never escape HTML, and leave out what the caller does not
 * write, so the official classes keep their defaults for it. Readers are lenient as fastjson is:
 * unquoted numeric keys parse, and absent fields take the defaults the caller names. A body that does
 * not parse, or lacks what it must have, throws {@link InvalidBodyException}.
 */
public final class JsonBodies {

    private JsonBodies() {
    }

    /** Writes one JSON value; writing to memory cannot fail, so the {@code IOException} never comes. */
    @FunctionalInterface
    public interface Body {
        void writeTo(JsonWriter json) throws IOException;
    }

    public static byte[] write(Body body) {
        return text(body).getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON text of {@code body}, for a piece that goes into a larger body as it is. */
    public static String text(Body body) {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            json.setHtmlSafe(false);
            body.writeTo(json);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory cannot fail", e);
        }
        return text.toString();
    }

    /** A JSON string literal, quoted and escaped. */
    public static String quote(String value) {
        return new JsonPrimitive(value).toString();
    }

    /** The body's top-level object; {@code what} names the body in the exception's message. */
    public static JsonObject parseObject(byte[] body, String what) {
        if (body == null || body.length == 0) {
            throw new InvalidBodyException(what + " body is missing");
        }
        try {
            JsonElement root = JsonParser.parseString(new String(body, StandardCharsets.UTF_8));
            if (!root.isJsonObject()) {
                throw new InvalidBodyException(what + " body is not a JSON object");
            }
            return root.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new InvalidBodyException(what + " body is not JSON: " + e.getMessage(), e);
        }
    }

    /**
     * What {@code read} makes of the body's top-level object; a body that does not parse, or whose fields do not
     * read as {@code read} expects them, throws {@link InvalidBodyException} naming {@code what}.
     */
    public static <T> T readObject(byte[] body, String what, Function<JsonObject, T> read) {
        JsonObject json = parseObject(body, what);
        try {
            return read.apply(json);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed " + what + ": " + e.getMessage(), e);
        }
    }

    public static Optional<String> string(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? Optional.empty() : Optional.of(value.getAsString());
    }

    public static String requiredString(JsonObject json, String field, String what) {
        return string(json, field).orElseThrow(() -> new InvalidBodyException(what + " lacks " + field));
    }

    public static int intOr(JsonObject json, String field, int absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsInt();
    }

    public static long longOr(JsonObject json, String field, long absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsLong();
    }

    public static double doubleOr(JsonObject json, String field, double absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsDouble();
    }

    public static boolean booleanOr(JsonObject json, String field, boolean absent) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? absent : value.getAsBoolean();
    }

    /** The elements of an array field; none when it is absent or null. */
    public static List<JsonElement> array(JsonObject json, String field) {
        JsonElement value = json.get(field);
        if (value == null || value.isJsonNull()) {
            return List.of();
        }
        if (!value.isJsonArray()) {
            throw new InvalidBodyException(field + " is not a JSON array");
        }
        JsonArray array = value.getAsJsonArray();
        List<JsonElement> elements = new ArrayList<>(array.size());
        array.forEach(elements::add);
        return elements;
    }

    /** An object field; an empty object when it is absent or null. */
    public static JsonObject objectOrEmpty(JsonObject json, String field) {
        JsonElement value = json.get(field);
        return value == null || value.isJsonNull() ? new JsonObject() : object(value, field);
    }

    public static JsonObject object(JsonElement element, String what) {
        if (element == null || !element.isJsonObject()) {
            throw new InvalidBodyException(what + " is not a JSON object");
        }
        return element.getAsJsonObject();
    }
}
