package io.hexmq.adapters.ratis.propose;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Several proposals (or their answers) in one log entry, in proposal order. Big-endian:
 *
 * <pre>
 * +-----------+------------+-----------------+-----+--------------+-----------------+
 * | count: u4 | length: u4 | bytes (length)  | ... | length: u4   | bytes (length)  |
 * +-----------+------------+-----------------+-----+--------------+-----------------+
 *             '------------ part 0 ----------'     '-------- part count-1 ---------'
 * </pre>
 *
 * A proposal's position in the group's log is its entry's index shifted left by {@link #SLOT_BITS}, plus
 * its slot in the entry: increasing, the same on every replica, never reused.
 */
public final class BatchLayout {

    public static final int SLOT_BITS = 12;
    /** Entries carry at most this many parts, so a slot always fits in {@link #SLOT_BITS}. */
    public static final int MAX_PARTS = 1 << SLOT_BITS;

    static final int COUNT_BYTES = Integer.BYTES;
    static final int LENGTH_BYTES = Integer.BYTES;

    private BatchLayout() {
    }

    public static long position(long logIndex, int slot) {
        return (logIndex << SLOT_BITS) | slot;
    }

    /** The encoded size of parts whose bytes add up to {@code partBytes}. */
    public static int encodedSize(int parts, long partBytes) {
        return Math.toIntExact(COUNT_BYTES + (long) parts * LENGTH_BYTES + partBytes);
    }

    /** Encodes {@code parts}, whose bytes add up to {@code partBytes}, into one array. */
    public static byte[] encode(List<byte[]> parts, long partBytes) {
        if (parts.size() > MAX_PARTS) {
            throw new IllegalArgumentException("at most " + MAX_PARTS + " parts in one entry, not " + parts.size());
        }
        ByteBuffer out = ByteBuffer.allocate(encodedSize(parts.size(), partBytes));
        out.putInt(parts.size());
        for (byte[] part : parts) {
            out.putInt(part.length).put(part);
        }
        return out.array();
    }

    /** The number of parts in an encoded entry starting at {@code entry}'s position. */
    public static int count(ByteBuffer entry) {
        return entry.getInt(entry.position());
    }

    /**
     * Walks the parts of one encoded entry, narrowing a single view onto each in turn, so that reading
     * them allocates nothing per part. The view is only valid until the next call.
     */
    public static final class Parts {

        private final ByteBuffer entry;
        private final int end;
        private final int count;
        private int next;
        private int offset;

        public Parts(ByteBuffer entry) {
            this.entry = entry.duplicate();
            this.end = entry.limit();
            this.count = BatchLayout.count(entry);
            if (count < 0 || count > MAX_PARTS) {
                throw new IllegalArgumentException("not a batch: it claims " + count + " parts");
            }
            this.offset = entry.position() + COUNT_BYTES;
        }

        public int count() {
            return count;
        }

        public boolean hasNext() {
            return next < count;
        }

        /** The next part as a view; the slot of the part is the number of parts read before it. */
        public ByteBuffer next() {
            int length = entry.limit(end).getInt(offset);
            int start = offset + LENGTH_BYTES;
            if (length < 0 || start + length > end) {
                throw new IllegalArgumentException("part " + next + " of " + count + " runs past its entry");
            }
            entry.limit(start + length).position(start);
            offset = start + length;
            next++;
            return entry;
        }

        /** The next part copied out. */
        public byte[] nextBytes() {
            ByteBuffer part = next();
            byte[] bytes = new byte[part.remaining()];
            part.get(bytes);
            return bytes;
        }
    }
}
