package io.hexmq.adapters.console;

import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One stored record as the message pages show it: decoded once, with the ids users know it by. */
record MessageView(StoredMessage message, Map<String, String> properties) {

    private static final int HEX_ROW = 16;

    static MessageView of(ByteBuffer record) {
        StoredMessage message = StoredMessage.decode(record);
        return new MessageView(message, MessageProperties.decode(message.properties()));
    }

    /** The id the producer was given (the client-made UNIQ_KEY), or the offset id for a message without one. */
    String msgId() {
        return properties.getOrDefault(MessageProperties.UNIQ_KEY, offsetMsgId());
    }

    /** The id made of where the broker stored it: what VIEW_MESSAGE_BY_ID takes. */
    String offsetMsgId() {
        return OffsetMessageId.encode(message.storeHost(), message.commitLogOffset());
    }

    String property(String name) {
        return properties.getOrDefault(name, "");
    }

    /** The body as UTF-8 text; bytes that are not UTF-8 show as the replacement character. */
    String bodyText() {
        return new String(message.body(), StandardCharsets.UTF_8);
    }

    /** The body as offset, hex and printable ASCII, sixteen bytes a row. */
    String bodyHex() {
        byte[] body = message.body();
        StringBuilder dump = new StringBuilder(body.length * 4 + 16);
        for (int row = 0; row < body.length; row += HEX_ROW) {
            dump.append(String.format("%08x  ", row));
            StringBuilder ascii = new StringBuilder(HEX_ROW);
            for (int i = row; i < row + HEX_ROW; i++) {
                if (i < body.length) {
                    int b = body[i] & 0xFF;
                    dump.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xF, 16)).append(' ');
                    ascii.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
                } else {
                    dump.append("   ");
                }
            }
            dump.append(' ').append(ascii).append('\n');
        }
        return dump.toString();
    }
}
