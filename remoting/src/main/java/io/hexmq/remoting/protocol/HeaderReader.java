package io.hexmq.remoting.protocol;

import java.util.Map;
import java.util.Optional;

/**
 * Typed reading of a command's header fields ({@code extFields}), where every value travels as a
 * string. A required field that is absent throws {@link MissingHeaderFieldException}; a value that
 * does not parse throws {@link InvalidHeaderFieldException}. Both name the field, and the request
 * dispatcher answers them with SYSTEM_ERROR and that message.
 *
 * <p>Parsing is strict where the official server is lenient ({@code Boolean.parseBoolean} reads any
 * junk as false): a peer that sends junk learns it at once instead of getting a silent default.
 */
public final class HeaderReader {

    private final Map<String, String> fields;

    HeaderReader(Map<String, String> fields) {
        this.fields = fields;
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    public String requiredString(String field) {
        String value = fields.get(field);
        if (value == null) {
            throw new MissingHeaderFieldException(field);
        }
        return value;
    }

    public Optional<String> optionalString(String field) {
        return Optional.ofNullable(fields.get(field));
    }

    public int requiredInt(String field) {
        return parseInt(field, requiredString(field));
    }

    public int optionalInt(String field, int defaultValue) {
        String value = fields.get(field);
        return value == null ? defaultValue : parseInt(field, value);
    }

    public long requiredLong(String field) {
        return parseLong(field, requiredString(field));
    }

    public long optionalLong(String field, long defaultValue) {
        String value = fields.get(field);
        return value == null ? defaultValue : parseLong(field, value);
    }

    public boolean requiredBoolean(String field) {
        return parseBoolean(field, requiredString(field));
    }

    public boolean optionalBoolean(String field, boolean defaultValue) {
        String value = fields.get(field);
        return value == null ? defaultValue : parseBoolean(field, value);
    }

    private static int parseInt(String field, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new InvalidHeaderFieldException(field, "an int", value, e);
        }
    }

    private static long parseLong(String field, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidHeaderFieldException(field, "a long", value, e);
        }
    }

    private static boolean parseBoolean(String field, String value) {
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw new InvalidHeaderFieldException(field, "a boolean", value, null);
    }
}
