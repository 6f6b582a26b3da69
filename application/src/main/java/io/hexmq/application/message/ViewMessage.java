package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageStore;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;

/**
 * One stored message by its commit-log offset, as decoded from an offset message id
 * (VIEW_MESSAGE_BY_ID, mqadmin {@code queryMsgById}): the record's stored bytes, unchanged, or empty
 * when nothing starts there.
 */
public final class ViewMessage {

    public record Query(long commitLogOffset) {
    }

    private final MessageStore store;

    public ViewMessage(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** @return a read-only view of the record, position 0 */
    public Optional<ByteBuffer> view(Query query) {
        if (query.commitLogOffset() < 0) {
            return Optional.empty();
        }
        return store.lookup(query.commitLogOffset());
    }
}
