package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.consumequeue.QueueTable;
import io.hexmq.adapters.chronicle.directory.Checkpoint;
import io.hexmq.adapters.chronicle.directory.StoreDirectory;
import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StorageException;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Chronicle store's start-up: opens the consume queues ({@link QueueIndex}) and the key index as the
 * last {@link Checkpoint} saved them, then scans the log only after the checkpoint's document, adding
 * those records to the indexes and the physical-offset map ({@link DocumentSpans}) and verifying each one
 * (size, magic, body CRC, consecutive physical and queue offsets). Entries the indexes hold past the
 * checkpoint (a kill -9 after appends) are cut off and written again by the scan. Without a checkpoint
 * the log can vouch for (none yet, a document it names is not in the log, another key-index capacity),
 * the index files are deleted and the whole log is scanned. A record that fails is corruption, reported
 * as a {@link StorageException} naming the document and file rather than repaired. Records of a deleted
 * topic generation are skipped; queues that retention emptied come back at the offsets
 * {@link StoreDirectory} saved.
 */
final class StartupScan {

    private static final Logger LOG = LoggerFactory.getLogger(StartupScan.class);

    private final StoreState state;
    private final int maxRecordLength;
    private final CRC32 crc = new CRC32();
    private long expectedPhysical = -1;
    private long count;
    private String lastTopic;

    private StartupScan(StoreState state, int maxRecordLength) {
        this.state = state;
        this.maxRecordLength = maxRecordLength;
    }

    /** Opens {@code state}'s indexes over its open log and scans what they miss; returns the records scanned. */
    static long rebuild(StoreState state, int maxRecordLength) {
        StartupScan scan = new StartupScan(state, maxRecordLength);
        scan.run();
        return scan.count;
    }

    private void run() {
        long started = System.nanoTime();
        StoreDirectory directory = state.directory();
        Map<String, Long> deleted = directory.readDeletedTopics();
        state.deletedTopics(deleted);
        KeyIndex keys = KeyIndex.open(directory.keyIndexFile(), state.maxIndexNum());
        Optional<Checkpoint> checkpoint = directory.readCheckpoint().filter(saved -> vouchedFor(saved, keys));
        long after = checkpoint.isPresent() ? restoreOrForget(checkpoint.get(), keys, deleted) : -1;
        if (after < 0) {
            directory.deleteIndexes();
            state.indexes(new QueueTable(directory.consumeQueues(), QueueTable.SEGMENT_ENTRIES),
                KeyIndex.open(directory.keyIndexFile(), state.maxIndexNum()));
        }
        state.log().scan(after, ByteBuffer.allocate(maxRecordLength),
            (documentIndex, payload, file) -> document(documentIndex, payload, file, deleted));
        long next = Math.max(expectedPhysical, 0);
        DocumentSpans.Span oldest = state.spans().oldest();
        state.spanning(oldest == null ? next : oldest.firstPhysical, next);
        for (StoreDirectory.SavedQueue saved : directory.readQueueOffsets()) {
            if (deleted.containsKey(saved.topic())) {
                continue;
            }
            state.queues().findOrCreate(saved.topic(), saved.queueId(), saved.maxOffset());
        }
        LOG.info("Chronicle store in {} opened: {} records scanned {}, physical offsets {}..{}, {} queues, in {} ms",
            directory.chronicle(), count, after >= 0 ? "after the checkpoint" : "(the whole log)",
            state.minPhysical(), next, state.queues().size(), (System.nanoTime() - started) / 1_000_000);
    }

    /**
     * Whether the log still holds the checkpoint's last document as it was, and the key index is the one the
     * checkpoint counted in.
     */
    private boolean vouchedFor(Checkpoint checkpoint, KeyIndex keys) {
        boolean sameLog = state.log().firstPhysicalOffset(checkpoint.document()) == checkpoint.documentPhysical();
        boolean sameKeys = keys.reused() && checkpoint.keyCapacity() == keys.capacity();
        if (!sameLog || !sameKeys) {
            LOG.warn("the Chronicle store's checkpoint in {} does not match its {}: rebuilding the indexes from the"
                + " whole log", state.directory().chronicle(), sameLog ? "key index" : "log");
        }
        return sameLog && sameKeys;
    }

    /**
     * {@link #restore}, or -1 with nothing restored when the index files do not hold what the checkpoint says
     * (a segment lost with a machine that crashed before its directory reached the disk): then the whole
     * log is scanned, as without a checkpoint.
     */
    private long restoreOrForget(Checkpoint checkpoint, KeyIndex keys, Map<String, Long> deleted) {
        try {
            return restore(checkpoint, keys, deleted);
        } catch (StorageException e) {
            LOG.warn("the Chronicle store's indexes in {} do not match their checkpoint ({}): rebuilding them from"
                + " the whole log", state.directory().chronicle(), e.getMessage());
            state.spans().clear();
            expectedPhysical = -1;
            return -1;
        }
    }

    /** Opens the indexes as {@code checkpoint} saved them; returns the document the scan goes on after. */
    private long restore(Checkpoint checkpoint, KeyIndex keys, Map<String, Long> deleted) {
        QueueTable queues = new QueueTable(state.directory().consumeQueues(), QueueTable.SEGMENT_ENTRIES);
        Set<Long> retained = new HashSet<>(state.log().cycles());
        for (Checkpoint.Span span : checkpoint.spans()) {
            // retention may have deleted cycles after this checkpoint (it writes one before it deletes)
            if (retained.contains((long) span.cycle())) {
                state.spans().restore(span.cycle(), span.firstDocument(), span.firstPhysical(), span.lastDocument());
            }
        }
        for (Checkpoint.Queue queue : checkpoint.queues()) {
            Long deletedAt = deleted.get(queue.topic());
            if (deletedAt != null && deletedAt >= checkpoint.nextPhysical()) {
                // deleted after the checkpoint: its queues then were the generation now gone
                queues.remove(queue.topic());
            } else {
                queues.open(queue.topic(), queue.queueId(), queue.min(), queue.max());
            }
        }
        DocumentSpans.Span oldest = state.spans().oldest();
        if (oldest != null) {
            queues.forEach((topic, queueId, queue) -> queue.dropBefore(oldest.firstDocument));
        }
        keys.restore(checkpoint.keyNext(), checkpoint.keyLastOffset(), checkpoint.keyLastStoreTime());
        state.indexes(queues, keys);
        state.appended(checkpoint.document(), checkpoint.documentPhysical(), checkpoint.nextPhysical());
        expectedPhysical = checkpoint.nextPhysical();
        return checkpoint.document();
    }

    private void document(long documentIndex, ByteBuffer payload, File file, Map<String, Long> deleted) {
        int length = payload.limit();
        int at = 0;
        long documentPhysical = -1;
        while (at < length) {
            int size = MessageLayout.check(payload, at, length - at, maxRecordLength, crc);
            if (size <= 0) {
                throw corrupt(documentIndex, file, at, "not a valid message record");
            }
            long physical = MessageLayout.physicalOffset(payload, at);
            if (expectedPhysical >= 0 && physical != expectedPhysical) {
                throw corrupt(documentIndex, file, at, "physical offset " + physical + ", expected "
                    + expectedPhysical);
            }
            if (at == 0) {
                documentPhysical = physical;
                state.spans().written(state.log().cycleOf(documentIndex), documentIndex, physical);
            }
            expectedPhysical = physical + size;
            String topic = MessageLayout.topic(payload, at);
            if (topic.equals(lastTopic)) {
                topic = lastTopic;
            }
            lastTopic = topic;
            if (deleted.isEmpty() || physical >= deleted.getOrDefault(topic, -1L)) {
                index(documentIndex, payload, at, physical, topic, file);
            }
            count++;
            at += size;
        }
        state.appended(documentIndex, documentPhysical, expectedPhysical);
    }

    private void index(long documentIndex, ByteBuffer payload, int at, long physical, String topic, File file) {
        state.keyIndex().add(payload, at, physical, topic);
        if (MessageSysFlag.isHiddenFromConsumeQueue(MessageLayout.sysFlag(payload, at))) {
            return;
        }
        int queueId = MessageLayout.queueId(payload, at);
        long queueOffset = MessageLayout.queueOffset(payload, at);
        QueueIndex queue = state.queues().findOrCreate(topic, queueId, queueOffset);
        if (queueOffset != queue.maxOffset()) {
            throw corrupt(documentIndex, file, at, "queue offset " + queueOffset + " of " + topic + "/"
                + queueId + ", expected " + queue.maxOffset());
        }
        queue.add(documentIndex, at, MessageLayout.tagsCode(payload, at));
    }

    private StorageException corrupt(long documentIndex, File file, int position, String why) {
        return new StorageException("the Chronicle store in " + state.directory().chronicle() + " is corrupt: document "
            + Long.toHexString(documentIndex) + " in " + file + ", byte " + position + " of its payload: " + why);
    }
}
