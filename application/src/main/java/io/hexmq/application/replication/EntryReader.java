package io.hexmq.application.replication;

import io.hexmq.domain.message.HostAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Reads what {@link EntryWriter} wrote, from a read-only view it does not keep. */
final class EntryReader {

    private final ByteBuffer buffer;

    EntryReader(ByteBuffer entry) {
        this.buffer = entry.duplicate();
    }

    byte kind() {
        return buffer.get();
    }

    boolean bool() {
        return buffer.get() != 0;
    }

    int integer() {
        return buffer.getInt();
    }

    long longValue() {
        return buffer.getLong();
    }

    byte[] bytes() {
        int length = buffer.getInt();
        if (length < 0 || length > buffer.remaining()) {
            throw new IllegalArgumentException("a field of " + length + " bytes does not fit the entry's "
                    + buffer.remaining() + " remaining bytes");
        }
        byte[] value = new byte[length];
        buffer.get(value);
        return value;
    }

    String text() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    HostAddress host() {
        byte length = buffer.get();
        if (length != 4 && length != 16) {
            throw new IllegalArgumentException("a host address has 4 or 16 bytes, not " + length);
        }
        HostAddress host = HostAddress.read(buffer, buffer.position(), length == 16);
        buffer.position(buffer.position() + length + Integer.BYTES);
        return host;
    }

    /** Fails unless every byte of the entry was read: an entry of another version would be misread. */
    void requireEnd() {
        if (buffer.hasRemaining()) {
            throw new IllegalArgumentException(buffer.remaining() + " bytes left after the entry's last field");
        }
    }
}
