package io.hexmq.domain.message;

import java.nio.ByteBuffer;

/**
 * UTF-8 length and encoding straight into a buffer, so that encoding a message's topic and
 * properties allocates no byte arrays. Unpaired surrogates become '?', as {@code String.getBytes}
 * does.
 */
final class Utf8 {

    private Utf8() {
    }

    static int encodedLength(CharSequence text) {
        int length = text.length();
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < length
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                    bytes += 2; // 4 bytes for the pair of 2 chars
                    i++;
                } else if (Character.isSurrogate(c)) {
                    bytes += 0; // replaced by '?'
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    static void write(ByteBuffer buffer, CharSequence text) {
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                buffer.put((byte) c);
            } else if (c < 0x800) {
                buffer.put((byte) (0xC0 | (c >> 6))).put((byte) (0x80 | (c & 0x3F)));
            } else if (Character.isHighSurrogate(c) && i + 1 < length
                && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                buffer.put((byte) (0xF0 | (cp >> 18)))
                    .put((byte) (0x80 | ((cp >> 12) & 0x3F)))
                    .put((byte) (0x80 | ((cp >> 6) & 0x3F)))
                    .put((byte) (0x80 | (cp & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                buffer.put((byte) '?');
            } else {
                buffer.put((byte) (0xE0 | (c >> 12)))
                    .put((byte) (0x80 | ((c >> 6) & 0x3F)))
                    .put((byte) (0x80 | (c & 0x3F)));
            }
        }
    }
}
