package io.hexmq.remoting.protocol;

import java.util.Map;
import java.util.Optional;

/**
 * Typed reading of a command's header fields ({@code extFields}), where every value travels as a
 * string. A required field that is absent throws {@link MissingHeaderFieldException}; a value that
 * does not parse throws {@link InvalidHeaderFieldException}. Both name the field, and the request
 * dispatcher answers them with SYSTEM_ERROR and that message.
 *
 * <p>The typed reads through a {@link HeaderField} ({@link #stringOf}, {@link #intOf}, ...) look the
 * field up under its name in this reader's {@link HeaderSpelling}, and take from the field whether it
 * is required and what it reads as when absent.
 *
 * <p>Parsing is strict where the official server is lenient ({@code Boolean.parseBoolean} reads any
 * junk as false): a peer that sends junk learns it at once instead of getting a silent default.
 */
public final class HeaderReader {

    private final Map<String, String> fields;
    private final HeaderSpelling spelling;

    HeaderReader(Map<String, String> fields, HeaderSpelling spelling) {
        this.fields = fields;
        this.spelling = spelling;
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    public boolean has(HeaderField<?> field) {
        return fields.containsKey(field.name(spelling));
    }

    public String stringOf(HeaderField<String> field) {
        String name = field.name(spelling);
        return field.isRequired() ? requiredString(name) : fields.getOrDefault(name, field.absentText());
    }

    public int intOf(HeaderField<Integer> field) {
        String name = field.name(spelling);
        return field.isRequired() ? requiredInt(name) : optionalInt(name, (int) field.absentNumber());
    }

    public long longOf(HeaderField<Long> field) {
        String name = field.name(spelling);
        return field.isRequired() ? requiredLong(name) : optionalLong(name, field.absentNumber());
    }

    public boolean booleanOf(HeaderField<Boolean> field) {
        String name = field.name(spelling);
        return field.isRequired() ? requiredBoolean(name) : optionalBoolean(name, field.absentNumber() != 0);
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
