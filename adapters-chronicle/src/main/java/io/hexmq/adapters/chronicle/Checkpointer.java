package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.directory.Checkpoint;
import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import io.hexmq.domain.message.StorageException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the Chronicle store's indexes durable and says how far, so that a start reads only the log after
 * that point: every {@code flushIntervalConsumeQueue} ms on its own thread, before retention deletes, and
 * at shutdown. A checkpoint takes, under the append lock, the last document and every index's extent (a
 * consistent cut, since appends index under that lock); then, outside it, forces the log, the consume
 * queues and the key index, and only then replaces the {@link Checkpoint} file. Whatever a crash
 * interrupts, the file names a cut the disk holds.
 */
final class Checkpointer {

    private static final Logger LOG = LoggerFactory.getLogger(Checkpointer.class);

    private final StoreState state;
    private final long intervalMillis;
    private final StopSignal stopped = new StopSignal();
    /** The last document the newest checkpoint covers; guarded by this object. */
    private long checkpointed = -2;
    private Thread thread;

    Checkpointer(StoreState state, ChronicleStoreSettings settings) {
        this.state = state;
        this.intervalMillis = settings.flushIntervalConsumeQueue();
    }

    void start() {
        thread = new Thread(this::checkpointPeriodically, "hexmq-chronicle-checkpoint");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the thread and waits for it; the caller writes the last checkpoint. */
    void stop() {
        stopped.signal();
        if (thread != null) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes a checkpoint of everything appended so far, unless the newest one covers it already. */
    synchronized void checkpoint() {
        Checkpoint cut = cut();
        if (cut == null || cut.document() == checkpointed) {
            return;
        }
        state.log().flush();
        state.queues().forEach((topic, queueId, queue) -> queue.force());
        state.keyIndex().force();
        state.directory().writeCheckpoint(cut);
        checkpointed = cut.document();
    }

    /** The indexes' extent at the last document, taken under the append lock; null before the first document. */
    private Checkpoint cut() {
        ReentrantLock appendLock = state.appendLock();
        appendLock.lock();
        try {
            long document = state.lastDocument();
            if (document < 0) {
                return null;
            }
            List<Checkpoint.Span> spans = new ArrayList<>();
            for (DocumentSpans.Span span : state.spans().all()) {
                spans.add(new Checkpoint.Span(span.cycle, span.firstDocument, span.firstPhysical, span.lastDocument()));
            }
            List<Checkpoint.Queue> queues = new ArrayList<>();
            state.queues().forEach((topic, queueId, queue) ->
                queues.add(new Checkpoint.Queue(topic, queueId, queue.minOffset(), queue.maxOffset())));
            KeyIndex keys = state.keyIndex();
            return new Checkpoint(document, state.lastDocumentPhysical(), state.nextPhysical(), keys.capacity(),
                keys.next(), keys.lastOffset(), keys.lastStoreTime(), spans, queues);
        } finally {
            appendLock.unlock();
        }
    }

    private void checkpointPeriodically() {
        while (!stopped.awaitStop(intervalMillis)) {
            try {
                checkpoint();
            } catch (StorageException e) {
                LOG.error("checkpoint of the Chronicle store's indexes failed; retrying in {} ms", intervalMillis, e);
            }
        }
    }
}
