package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What a query by key found.
 *
 * @param messages the matching records in their stored encoding, as read-only views with position 0,
 *     newest first; a QUERY_MESSAGE response sends them back to back, unchanged
 * @param indexLastUpdateTimestamp store time of the newest message the key index covers (0 when empty)
 * @param indexLastUpdatePhyoffset commit-log offset of that message (0 when empty)
 */
public record QueryResult(List<ByteBuffer> messages, long indexLastUpdateTimestamp, long indexLastUpdatePhyoffset) {

    public QueryResult {
        messages = List.copyOf(messages);
    }
}
