package io.hexmq.adapters.ratis.install;

import io.hexmq.domain.replication.DurableFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.ratis.server.protocol.TermIndex;

/**
 * The requests a follower sends its leader to fetch the stores' files, and their replies; they travel
 * as Ratis read-only queries. Big-endian:
 *
 * <pre>
 * OPEN    request  | kind=1: u1 |
 *         reply    | session: u8 | term: u8 | index: u8 | count: u4 | count x ( length: u8 | pathBytes: u2 | path: utf-8 ) |
 * CHUNK   request  | kind=2: u1 | session: u8 | file: u4 | offset: u8 | maxBytes: u4 |
 *         reply    | crc32c of data: u4 | data |
 * CLOSE   request  | kind=3: u1 | session: u8 |
 *         reply    | (empty) |
 * </pre>
 *
 * The term and index are the log entry the files hold everything up to.
 */
final class TransferLayout {

    static final byte OPEN = 1;
    static final byte CHUNK = 2;
    static final byte CLOSE = 3;

    static final int CRC_BYTES = Integer.BYTES;

    private TransferLayout() {
    }

    static byte[] openRequest() {
        return new byte[] {OPEN};
    }

    static byte[] chunkRequest(long session, int file, long offset, int maxBytes) {
        return ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES + Long.BYTES + Integer.BYTES)
                .put(CHUNK).putLong(session).putInt(file).putLong(offset).putInt(maxBytes).array();
    }

    static byte[] closeRequest(long session) {
        return ByteBuffer.allocate(1 + Long.BYTES).put(CLOSE).putLong(session).array();
    }

    /** A follower's request as the leader reads it. */
    record Request(byte kind, long session, int file, long offset, int maxBytes) {

        static Request decode(ByteBuffer bytes) {
            ByteBuffer in = bytes.duplicate();
            byte kind = in.get();
            return switch (kind) {
                case OPEN -> new Request(kind, 0, 0, 0, 0);
                case CHUNK -> new Request(kind, in.getLong(), in.getInt(), in.getLong(), in.getInt());
                case CLOSE -> new Request(kind, in.getLong(), 0, 0, 0);
                default -> throw new IllegalArgumentException("unknown file transfer request " + kind);
            };
        }
    }

    /** The leader's answer to OPEN: a session pinning one set of files at one point of the log. */
    record Manifest(long session, TermIndex point, List<DurableFile> files) {

        byte[] encode() {
            List<byte[]> paths = files.stream().map(file -> file.path().getBytes(StandardCharsets.UTF_8)).toList();
            int size = 3 * Long.BYTES + Integer.BYTES
                    + paths.stream().mapToInt(path -> Long.BYTES + Short.BYTES + path.length).sum();
            ByteBuffer out = ByteBuffer.allocate(size)
                    .putLong(session).putLong(point.getTerm()).putLong(point.getIndex()).putInt(files.size());
            for (int i = 0; i < files.size(); i++) {
                if (paths.get(i).length > Short.MAX_VALUE) {
                    throw new IllegalArgumentException("path too long to ship: " + files.get(i).path());
                }
                out.putLong(files.get(i).length()).putShort((short) paths.get(i).length).put(paths.get(i));
            }
            return out.array();
        }

        static Manifest decode(ByteBuffer bytes) {
            ByteBuffer in = bytes.duplicate();
            long session = in.getLong();
            TermIndex point = TermIndex.valueOf(in.getLong(), in.getLong());
            int count = in.getInt();
            List<DurableFile> files = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long length = in.getLong();
                byte[] path = new byte[in.getShort()];
                in.get(path);
                files.add(new DurableFile(new String(path, StandardCharsets.UTF_8), length));
            }
            return new Manifest(session, point, List.copyOf(files));
        }
    }

    /** Prefixes {@code data} (positioned at its start) with its checksum, in place of the reserved bytes before it. */
    static ByteBuffer sealChunk(ByteBuffer reply, int dataLength) {
        reply.putInt(0, checksum(reply.duplicate().position(CRC_BYTES).limit(CRC_BYTES + dataLength)));
        return reply.limit(CRC_BYTES + dataLength).position(0);
    }

    /** The data of a chunk reply, after checking it arrived as it was sent. */
    static ByteBuffer openChunk(ByteBuffer reply) {
        int expected = reply.getInt(reply.position());
        ByteBuffer data = reply.duplicate().position(reply.position() + CRC_BYTES);
        if (checksum(data.duplicate()) != expected) {
            throw new IllegalStateException("a file chunk arrived corrupt (checksum mismatch)");
        }
        return data;
    }

    private static int checksum(ByteBuffer data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        return (int) crc.getValue();
    }
}
