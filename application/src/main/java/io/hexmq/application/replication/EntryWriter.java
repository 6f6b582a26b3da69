package io.hexmq.application.replication;

import io.hexmq.domain.message.HostAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes the fields of a {@link GroupWrite} entry, big-endian: ints, longs, byte arrays and texts with an
 * int length before them, hosts as their address length, address and port. Grows when a caller sized it
 * short, so the exact size (which message entries compute, so the body is copied once) is an optimisation.
 */
final class EntryWriter {

    private ByteBuffer buffer;

    EntryWriter(int expectedBytes) {
        buffer = ByteBuffer.allocate(Math.max(16, expectedBytes));
    }

    /** Bytes {@link #text} writes for a text encoded as {@code utf8}. */
    static int textBytes(byte[] utf8) {
        return Integer.BYTES + utf8.length;
    }

    /** Bytes {@link #host} writes for {@code host}. */
    static int hostBytes(HostAddress host) {
        return 1 + host.encodedLength();
    }

    EntryWriter kind(byte kind) {
        ensure(1).put(kind);
        return this;
    }

    EntryWriter bool(boolean value) {
        ensure(1).put(value ? (byte) 1 : 0);
        return this;
    }

    EntryWriter integer(int value) {
        ensure(Integer.BYTES).putInt(value);
        return this;
    }

    EntryWriter longValue(long value) {
        ensure(Long.BYTES).putLong(value);
        return this;
    }

    EntryWriter bytes(byte[] value) {
        ensure(Integer.BYTES + value.length).putInt(value.length).put(value);
        return this;
    }

    EntryWriter text(String value) {
        return bytes(value.getBytes(StandardCharsets.UTF_8));
    }

    EntryWriter host(HostAddress host) {
        ensure(hostBytes(host)).put((byte) (host.isIpv6() ? 16 : 4));
        host.writeTo(buffer);
        return this;
    }

    /** The entry; the writer's own array when it was sized exactly. */
    byte[] toArray() {
        byte[] array = buffer.array();
        return buffer.position() == array.length ? array : Arrays.copyOf(array, buffer.position());
    }

    private ByteBuffer ensure(int bytes) {
        if (buffer.remaining() < bytes) {
            ByteBuffer grown = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + bytes));
            grown.put(buffer.flip());
            buffer = grown;
        }
        return buffer;
    }
}
