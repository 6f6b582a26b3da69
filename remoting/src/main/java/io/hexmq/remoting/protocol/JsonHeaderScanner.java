package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a JSON header of the one shape the official peers write, straight from its UTF-8 bytes:
 *
 * <pre>
 * {"code":N,"extFields":{"k":"v",...},"flag":N,"language":"JAVA","opaque":N,"remark":"..",
 *  "serializeTypeCurrentRPC":"JSON","version":N}
 * </pre>
 *
 * <p>Any of the members may be missing and they may come in any order, but nothing else is taken:
 * whitespace between tokens, {@code null}, numbers or booleans where strings belong (and the other
 * way round), numbers beyond {@code int}, unknown members, raw control characters in strings. For those
 * {@link #read} answers {@code null} and {@link JsonHeaderCodec} reads the header with Gson, which
 * also finds the errors. So the scanner must agree with Gson on what it accepts and need not know
 * anything else; it exists because the Gson path (a string of the whole header, a reader over it)
 * cost a sixth of the broker's samples under a send load.
 */
final class JsonHeaderScanner {

    private static final byte[] CODE = ascii("code");
    private static final byte[] EXT_FIELDS = ascii("extFields");
    private static final byte[] FLAG = ascii("flag");
    private static final byte[] LANGUAGE = ascii("language");
    private static final byte[] OPAQUE = ascii("opaque");
    private static final byte[] REMARK = ascii("remark");
    private static final byte[] SERIALIZE_TYPE = ascii("serializeTypeCurrentRPC");
    private static final byte[] VERSION = ascii("version");
    private static final byte[] JAVA = ascii("\"JAVA\"");

    /** What {@link #integer()} answers for anything but a plain JSON integer within {@code int}. */
    private static final long NOT_AN_INT = Long.MIN_VALUE;
    private static final int MAX_INT_DIGITS = 10;
    private static final String[] ONE_CHARACTER_NAMES = oneCharacterNames();

    private final byte[] bytes;
    private final int end;
    private int pos;

    private int code;
    private LanguageCode language = LanguageCode.JAVA;
    private int version;
    private int opaque;
    private int flag;
    private String remark;
    private final Map<String, String> extFields = new LinkedHashMap<>();

    private JsonHeaderScanner(byte[] bytes, int start, int end) {
        this.bytes = bytes;
        this.pos = start;
        this.end = end;
    }

    /** The command from the readable bytes of {@code header}, or {@code null} when they are not of the known shape. */
    static RemotingCommand read(ByteBuf header, byte[] body) {
        int length = header.readableBytes();
        if (header.hasArray()) {
            int start = header.arrayOffset() + header.readerIndex();
            return new JsonHeaderScanner(header.array(), start, start + length).scan(body);
        }
        // One copy of a few hundred bytes beats a bounds-checked read of each byte from direct memory.
        byte[] copy = new byte[length];
        header.getBytes(header.readerIndex(), copy);
        return new JsonHeaderScanner(copy, 0, length).scan(body);
    }

    private RemotingCommand scan(byte[] body) {
        if (!consume('{')) {
            return null;
        }
        if (!consume('}')) {
            do {
                if (!member()) {
                    return null;
                }
            } while (consume(','));
            if (!consume('}')) {
                return null;
            }
        }
        if (pos != end) {
            return null;
        }
        return new RemotingCommand(code, language, version, opaque, flag, remark, extFields, body);
    }

    /** Reads one {@code "name":value}; false when the member is not one of the known shape. */
    private boolean member() {
        int nameStart = pos + 1;
        if (!plainName() || !consume(':')) {
            return false;
        }
        int nameEnd = pos - 2;
        if (is(EXT_FIELDS, nameStart, nameEnd)) {
            return extFields();
        } else if (is(LANGUAGE, nameStart, nameEnd)) {
            return language();
        } else if (is(REMARK, nameStart, nameEnd)) {
            remark = string();
            return remark != null;
        } else if (is(SERIALIZE_TYPE, nameStart, nameEnd)) {
            // The frame's header mark says how the header is encoded; the member only repeats it.
            return string() != null;
        }
        long value = integer();
        if (value == NOT_AN_INT) {
            return false;
        }
        if (is(CODE, nameStart, nameEnd)) {
            code = (int) value;
        } else if (is(FLAG, nameStart, nameEnd)) {
            flag = (int) value;
        } else if (is(OPAQUE, nameStart, nameEnd)) {
            opaque = (int) value;
        } else if (is(VERSION, nameStart, nameEnd)) {
            version = (int) value;
        } else {
            return false;
        }
        return true;
    }

    private boolean language() {
        if (end - pos >= JAVA.length && is(JAVA, pos, pos + JAVA.length)) {
            pos += JAVA.length;
            language = LanguageCode.JAVA;
            return true;
        }
        String name = string();
        if (name == null) {
            return false;
        }
        language = LanguageCode.fromName(name);
        return true;
    }

    private boolean extFields() {
        if (!consume('{')) {
            return false;
        }
        if (consume('}')) {
            return true;
        }
        do {
            String name = fieldName();
            if (name == null || !consume(':')) {
                return false;
            }
            String value = string();
            if (value == null) {
                return false;
            }
            extFields.put(name, value);
        } while (consume(','));
        return consume('}');
    }

    /**
     * A header field's name. The one-letter names of the compact SEND_MESSAGE_V2 header ({@code a} to
     * {@code n}) come from a table rather than a new string each.
     */
    private String fieldName() {
        if (end - pos >= 3 && bytes[pos] == '"' && bytes[pos + 2] == '"') {
            byte letter = bytes[pos + 1];
            if (letter >= 0x20 && letter != '\\' && letter != '"') {
                pos += 3;
                return ONE_CHARACTER_NAMES[letter];
            }
        }
        return string();
    }

    /** A member name of printable ASCII without escapes, the only kind the known members have. */
    private boolean plainName() {
        if (!consume('"')) {
            return false;
        }
        while (pos < end) {
            byte b = bytes[pos++];
            if (b == '"') {
                return true;
            }
            if (b < 0x20 || b == '\\') {
                return false;
            }
        }
        return false;
    }

    /** A JSON string, or {@code null} when the next value is not a string Gson would read the same. */
    private String string() {
        if (!consume('"')) {
            return null;
        }
        int start = pos;
        boolean ascii = true;
        while (pos < end) {
            byte b = bytes[pos];
            if (b == '"') {
                String value = new String(bytes, start, pos - start,
                        ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
                pos++;
                return value;
            }
            if (b == '\\') {
                return escapedString(start);
            }
            if (b >= 0 && b < 0x20) {
                return null;
            }
            ascii &= b >= 0;
            pos++;
        }
        return null;
    }

    /** The rest of a string from its first backslash at {@link #pos}. */
    private String escapedString(int start) {
        int asciiLength = asciiLength(start);
        return asciiLength >= 0 ? asciiString(start, asciiLength) : mixedString(start);
    }

    /**
     * The decoded length of the string from {@code start} when its raw bytes and escapes are all ASCII,
     * else -1. The common case: the message properties' separators travel as {@code \u0001} and
     * {@code \u0002}, so nearly every send has such a string.
     */
    private int asciiLength(int start) {
        int length = 0;
        for (int at = start; at < end; length++) {
            byte b = bytes[at];
            if (b == '"') {
                return length;
            }
            if (b == '\\') {
                int unit = escapedUnit(at);
                if (unit < 0 || unit >= 0x80) {
                    return -1;
                }
                at += escapeLength(at);
            } else if (b < 0x20) {
                return -1;
            } else {
                at++;
            }
        }
        return -1;
    }

    private String asciiString(int start, int length) {
        byte[] text = new byte[length];
        int at = start;
        for (int i = 0; i < length; i++) {
            if (bytes[at] == '\\') {
                text[i] = (byte) escapedUnit(at);
                at += escapeLength(at);
            } else {
                text[i] = bytes[at++];
            }
        }
        pos = at + 1;
        return new String(text, StandardCharsets.ISO_8859_1);
    }

    /**
     * A string with escapes and non-ASCII bytes. The runs between escapes are decoded as UTF-8 one by
     * one, which equals decoding the whole: escapes are ASCII, and no UTF-8 sequence, malformed or not,
     * spans an ASCII byte.
     */
    private String mixedString(int start) {
        StringBuilder text = new StringBuilder(pos - start + 16);
        int run = start;
        while (pos < end) {
            byte b = bytes[pos];
            if (b == '"') {
                text.append(new String(bytes, run, pos - run, StandardCharsets.UTF_8));
                pos++;
                return text.toString();
            }
            if (b >= 0 && b < 0x20) {
                return null;
            }
            if (b != '\\') {
                pos++;
                continue;
            }
            text.append(new String(bytes, run, pos - run, StandardCharsets.UTF_8));
            int unit = escapedUnit(pos);
            if (unit < 0) {
                return null;
            }
            text.append((char) unit);
            pos += escapeLength(pos);
            run = pos;
        }
        return null;
    }

    /** The UTF-16 unit of the escape at {@code at}, or -1 for one Gson's strict reader refuses. */
    private int escapedUnit(int at) {
        if (at + 1 >= end) {
            return -1;
        }
        return switch (bytes[at + 1]) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> at + 6 <= end ? hex4(at + 2) : -1;
            default -> -1;
        };
    }

    private int escapeLength(int at) {
        return bytes[at + 1] == 'u' ? 6 : 2;
    }

    private int hex4(int from) {
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(bytes[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    /** A JSON integer without fraction or exponent that fits an {@code int}, else {@link #NOT_AN_INT}. */
    private long integer() {
        boolean negative = consume('-');
        int digitsStart = pos;
        long value = 0;
        while (pos < end && bytes[pos] >= '0' && bytes[pos] <= '9') {
            if (pos - digitsStart == MAX_INT_DIGITS) {
                return NOT_AN_INT;
            }
            value = value * 10 + (bytes[pos] - '0');
            pos++;
        }
        int digits = pos - digitsStart;
        if (digits == 0 || digits > 1 && bytes[digitsStart] == '0') {
            return NOT_AN_INT;
        }
        value = negative ? -value : value;
        return value < Integer.MIN_VALUE || value > Integer.MAX_VALUE ? NOT_AN_INT : value;
    }

    private boolean consume(char expected) {
        if (pos < end && bytes[pos] == expected) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean is(byte[] expected, int from, int to) {
        return to - from == expected.length && Arrays.equals(bytes, from, to, expected, 0, expected.length);
    }

    private static String[] oneCharacterNames() {
        String[] names = new String[0x80];
        for (char c = 0; c < names.length; c++) {
            names[c] = String.valueOf(c);
        }
        return names;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
