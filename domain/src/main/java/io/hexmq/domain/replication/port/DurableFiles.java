package io.hexmq.domain.replication.port;

import io.hexmq.domain.replication.DurableFile;
import java.nio.file.Path;
import java.util.List;

/**
 * A consistent set of a replica's store files, frozen at a point of its log: what a leader ships to a
 * follower that fell behind the purged log, and what that follower installs in place of its own stores.
 *
 * <p><b>Promise.</b> Each listed file, resolved against {@link #root}, holds at least its listed length,
 * and those bytes do not change until {@link #close}; together they are the stores as they were at one
 * point of the log (bytes past a listed length are not shipped). <b>Cost.</b> Listing must be cheap
 * (lengths, not copies) wherever files only grow. <b>Crash.</b> Nothing here is durable: a view that was
 * not closed because its process died needs no repair, and a transfer cut off is started again.
 */
public interface DurableFiles extends AutoCloseable {

    /** The directory the files' relative paths are resolved against. */
    Path root();

    /** The files, in the order they are shipped. */
    List<DurableFile> files();

    /** The files may change again: the leader shipped them or gave up; the follower installed them. */
    @Override
    void close();
}
