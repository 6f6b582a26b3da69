package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes the JSON header the way the official Java peers write it, straight into the frame's buffer
 * (no intermediate string): members in alphabetical order ({@code code, extFields, flag, language,
 * opaque, remark, serializeTypeCurrentRPC, version}), absent ones left out, header fields in insertion
 * order, and their string escaping: control characters, DEL..U+009F and U+2028/U+2029 as upper-case
 * {@code \}{@code uXXXX}, {@code "} and {@code \} and the five short escapes, everything else raw UTF-8
 * (an unpaired surrogate as {@code ?}, as Java's own encoder writes it). The golden frames pin all of it.
 */
final class JsonHeaderWriter {

    private static final byte[] CODE = ascii("{\"code\":");
    private static final byte[] EXT_FIELDS = ascii(",\"extFields\":{");
    private static final byte[] FLAG = ascii(",\"flag\":");
    private static final byte[] LANGUAGE = ascii(",\"language\":\"");
    private static final byte[] OPAQUE = ascii("\",\"opaque\":");
    private static final byte[] REMARK = ascii(",\"remark\":");
    private static final byte[] SERIALIZE_TYPE_AND_VERSION = ascii(",\"serializeTypeCurrentRPC\":\"JSON\",\"version\":");
    private static final byte[] HEX = ascii("0123456789ABCDEF");
    private static final byte UNPAIRED_SURROGATE = '?';

    private JsonHeaderWriter() {
    }

    /** Appends the header to {@code out} and returns its length in bytes. */
    static int write(RemotingCommand command, ByteBuf out) {
        int start = out.writerIndex();
        out.writeBytes(CODE);
        writeInt(out, command.code());
        if (!command.extFields().isEmpty()) {
            out.writeBytes(EXT_FIELDS);
            boolean first = true;
            for (Map.Entry<String, String> field : command.extFields().entrySet()) {
                if (!first) {
                    out.writeByte(',');
                }
                first = false;
                writeString(out, field.getKey());
                out.writeByte(':');
                writeString(out, field.getValue());
            }
            out.writeByte('}');
        }
        out.writeBytes(FLAG);
        writeInt(out, command.flag());
        out.writeBytes(LANGUAGE);
        ByteBufUtil.writeAscii(out, command.language().name());
        out.writeBytes(OPAQUE);
        writeInt(out, command.opaque());
        if (command.remark() != null) {
            out.writeBytes(REMARK);
            writeString(out, command.remark());
        }
        out.writeBytes(SERIALIZE_TYPE_AND_VERSION);
        writeInt(out, command.version());
        out.writeByte('}');
        return out.writerIndex() - start;
    }

    private static void writeInt(ByteBuf out, int value) {
        long remaining = value;
        if (remaining < 0) {
            out.writeByte('-');
            remaining = -remaining;
        }
        int digits = 1;
        for (long bound = 10; bound <= remaining; bound *= 10) {
            digits++;
        }
        out.ensureWritable(digits);
        int at = out.writerIndex();
        for (int i = digits - 1; i >= 0; i--) {
            out.setByte(at + i, (int) ('0' + remaining % 10));
            remaining /= 10;
        }
        out.writerIndex(at + digits);
    }

    private static void writeString(ByteBuf out, String value) {
        out.writeByte('"');
        int plain = plainPrefix(value);
        if (plain == value.length()) {
            ByteBufUtil.writeAscii(out, value);
        } else {
            out.ensureWritable(value.length() + 8);
            ByteBufUtil.writeAscii(out, value.subSequence(0, plain));
            for (int i = plain; i < value.length(); i++) {
                i = writeChar(out, value, i);
            }
        }
        out.writeByte('"');
    }

    /** How many leading characters are printable ASCII that need no escape. */
    private static int plainPrefix(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') {
                return i;
            }
        }
        return value.length();
    }

    /** Writes the character at {@code i}, escaped or as UTF-8; answers the index of the last one used. */
    private static int writeChar(ByteBuf out, String value, int i) {
        char c = value.charAt(i);
        switch (c) {
            case '"', '\\' -> out.writeByte('\\').writeByte(c);
            case '\b' -> out.writeByte('\\').writeByte('b');
            case '\t' -> out.writeByte('\\').writeByte('t');
            case '\n' -> out.writeByte('\\').writeByte('n');
            case '\f' -> out.writeByte('\\').writeByte('f');
            case '\r' -> out.writeByte('\\').writeByte('r');
            default -> {
                if (c < 0x20 || c >= 0x7F && c <= 0x9F || c == '\u2028' || c == '\u2029') {
                    out.writeByte('\\').writeByte('u').writeByte(HEX[c >> 12 & 0xF]).writeByte(HEX[c >> 8 & 0xF])
                            .writeByte(HEX[c >> 4 & 0xF]).writeByte(HEX[c & 0xF]);
                } else if (c < 0x80) {
                    out.writeByte(c);
                } else if (c < 0x800) {
                    out.writeByte(0xC0 | c >> 6).writeByte(0x80 | c & 0x3F);
                } else if (!Character.isSurrogate(c)) {
                    out.writeByte(0xE0 | c >> 12).writeByte(0x80 | c >> 6 & 0x3F).writeByte(0x80 | c & 0x3F);
                } else if (Character.isHighSurrogate(c) && i + 1 < value.length()
                        && Character.isLowSurrogate(value.charAt(i + 1))) {
                    int codePoint = Character.toCodePoint(c, value.charAt(i + 1));
                    out.writeByte(0xF0 | codePoint >> 18).writeByte(0x80 | codePoint >> 12 & 0x3F)
                            .writeByte(0x80 | codePoint >> 6 & 0x3F).writeByte(0x80 | codePoint & 0x3F);
                    return i + 1;
                } else {
                    out.writeByte(UNPAIRED_SURROGATE);
                }
            }
        }
        return i;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
