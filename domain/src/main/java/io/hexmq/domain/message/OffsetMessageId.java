package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The offset message id (protocol.md §3.5): store host address, store port (int32) and commit-log
 * offset (int64), written as uppercase hex — 32 chars for IPv4, 56 for IPv6. Clients decode it to
 * find the broker and the offset (VIEW_MESSAGE_BY_ID, END_TRANSACTION).
 */
public record OffsetMessageId(HostAddress storeHost, long commitLogOffset) {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    public OffsetMessageId {
        Objects.requireNonNull(storeHost, "storeHost");
    }

    public String encode() {
        return encode(storeHost, commitLogOffset);
    }

    /** Hex form without building the record. */
    public static String encode(HostAddress storeHost, long commitLogOffset) {
        byte[] ip = storeHost.ip();
        char[] text = new char[(ip.length + 4 + 8) * 2];
        int i = 0;
        for (byte b : ip) {
            i = putHex(text, i, b);
        }
        int port = storeHost.port();
        for (int shift = 24; shift >= 0; shift -= 8) {
            i = putHex(text, i, (byte) (port >>> shift));
        }
        for (int shift = 56; shift >= 0; shift -= 8) {
            i = putHex(text, i, (byte) (commitLogOffset >>> shift));
        }
        return new String(text);
    }

    /** Parses a 32- or 56-char hex id (either case). */
    public static OffsetMessageId decode(String id) {
        Objects.requireNonNull(id, "id");
        if (id.length() != 32 && id.length() != 56) {
            throw new IllegalArgumentException("an offset message id has 32 or 56 hex chars: " + id);
        }
        ByteBuffer bytes = ByteBuffer.allocate(id.length() / 2);
        for (int i = 0; i < id.length(); i += 2) {
            int high = Character.digit(id.charAt(i), 16);
            int low = Character.digit(id.charAt(i + 1), 16);
            if (high < 0 || low < 0) {
                throw new IllegalArgumentException("not a hex message id: " + id);
            }
            bytes.put((byte) (high << 4 | low));
        }
        byte[] ip = new byte[id.length() == 32 ? 4 : 16];
        bytes.get(0, ip);
        int port = bytes.getInt(ip.length);
        long offset = bytes.getLong(ip.length + 4);
        return new OffsetMessageId(HostAddress.of(ip, port), offset);
    }

    private static int putHex(char[] text, int i, byte b) {
        text[i] = HEX[(b >> 4) & 0xF];
        text[i + 1] = HEX[b & 0xF];
        return i + 2;
    }
}
