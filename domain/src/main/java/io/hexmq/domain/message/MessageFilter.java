package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Decides which messages of a queue a read returns. The store asks {@link #matchesTagsCode} for each
 * consume-queue entry first (cheap: no commit-log access), then {@link #matchesStored} with the
 * record for the entries that passed, which is where a property filter (SQL92) looks at properties.
 */
public interface MessageFilter {

    /** Matches everything (subscription "*"). */
    MessageFilter ALL = new MessageFilter() {
        @Override
        public boolean matchesTagsCode(long tagsCode) {
            return true;
        }

        @Override
        public String toString() {
            return "*";
        }
    };

    /** Whether the consume-queue entry with this tag code may match. */
    boolean matchesTagsCode(long tagsCode);

    /**
     * Whether the stored record (a read-only view, position 0) matches. Called only for entries that
     * passed {@link #matchesTagsCode}.
     */
    default boolean matchesStored(ByteBuffer message) {
        return true;
    }

    /**
     * RocketMQ's tag filter: an entry matches when {@code (int) tagsCode} is in the set (tag hashes,
     * see {@code TagCode}). An empty set matches everything. Hashes collide, so clients re-check
     * the exact tag.
     */
    static MessageFilter byTagsCodes(Set<Integer> codes) {
        if (codes.isEmpty()) {
            return ALL;
        }
        Set<Integer> copy = Set.copyOf(codes);
        return new MessageFilter() {
            @Override
            public boolean matchesTagsCode(long tagsCode) {
                return copy.contains((int) tagsCode);
            }

            @Override
            public String toString() {
                return "tagsCodes" + copy;
            }
        };
    }
}
