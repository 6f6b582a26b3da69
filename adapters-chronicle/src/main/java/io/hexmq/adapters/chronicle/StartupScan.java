package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.directory.StoreDirectory;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StorageException;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Chronicle store's start-up: one scan of the retained log rebuilds every consume queue
 * ({@link QueueIndex}), the physical-offset map ({@link DocumentSpans}) and the key index, verifying each
 * record (size, magic, body CRC, consecutive physical and queue offsets). A record that fails is
 * corruption, reported as a {@link StorageException} naming the document and file rather than repaired.
 * Records of a deleted topic generation are skipped; queues that retention emptied come back at the
 * offsets {@link StoreDirectory} saved.
 */
final class StartupScan {

    private static final Logger LOG = LoggerFactory.getLogger(StartupScan.class);

    private final StoreState state;
    private final int maxRecordLength;
    private final CRC32 crc = new CRC32();
    private long expectedPhysical = -1;
    private long firstPhysical;
    private long count;
    private String lastTopic;

    private StartupScan(StoreState state, int maxRecordLength) {
        this.state = state;
        this.maxRecordLength = maxRecordLength;
    }

    /** Scans {@code state}'s open log into its indexes and positions. */
    static void rebuild(StoreState state, int maxRecordLength) {
        new StartupScan(state, maxRecordLength).run();
    }

    private void run() {
        long started = System.nanoTime();
        StoreDirectory directory = state.directory();
        Map<String, Long> deleted = directory.readDeletedTopics();
        state.deletedTopics(deleted);
        state.log().scan(ByteBuffer.allocate(maxRecordLength),
            (documentIndex, payload, file) -> document(documentIndex, payload, file, deleted));
        long next = Math.max(expectedPhysical, 0);
        state.spanning(expectedPhysical < 0 ? 0 : firstPhysical, next);
        for (StoreDirectory.SavedQueue saved : directory.readQueueOffsets()) {
            if (deleted.containsKey(saved.topic())) {
                continue;
            }
            state.queues().findOrCreate(saved.topic(), saved.queueId(), saved.maxOffset());
        }
        LOG.info("Chronicle store in {} opened: {} messages, physical offsets {}..{}, {} queues, scanned in {} ms",
            directory.chronicle(), count, state.minPhysical(), next, state.queues().size(),
            (System.nanoTime() - started) / 1_000_000);
    }

    private void document(long documentIndex, ByteBuffer payload, File file, Map<String, Long> deleted) {
        int length = payload.limit();
        int at = 0;
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
                if (expectedPhysical < 0) {
                    firstPhysical = physical;
                }
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
