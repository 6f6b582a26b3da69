package io.hexmq.domain.replication.port;

/**
 * The files of a replica's stores, for catching a follower up that fell behind its group's purged log:
 * the leader freezes its files, the follower replaces its own with them. See
 * {@link CommittedEntries#durableFiles} and {@link CommittedEntries#install} for what each side promises.
 */
public interface StoreFiles {

    /** Everything applied so far, made durable and frozen until the returned view is closed. */
    DurableFiles freeze();

    /** Replaces the stores' files with {@code received}; the stores are stopped meanwhile. */
    void replaceWith(DurableFiles received);
}
