package io.hexmq.adapters.chronicle.directory;

import java.util.List;

/**
 * How far the Chronicle store's indexes are durable: every record up to and including the log document
 * {@code document} is in the consume queues and the key index on disk, as they stood then. Written after
 * the log and the indexes were forced, so a checkpoint never claims more than the disk holds.
 *
 * @param document Chronicle index of the last document the indexes cover
 * @param documentPhysical physical offset of that document's first record, to recognise the document
 * @param nextPhysical physical offset of the record after it
 * @param keyCapacity capacity of the key index the sequence belongs to
 * @param keyNext the key index's next sequence then
 * @param keyLastOffset physical offset of the last record the key index took
 * @param keyLastStoreTime store time of that record
 * @param spans per retained cycle, where its documents and physical offsets start
 * @param queues every queue's offsets then
 */
public record Checkpoint(long document, long documentPhysical, long nextPhysical, int keyCapacity, long keyNext,
                         long keyLastOffset, long keyLastStoreTime, List<Span> spans, List<Queue> queues) {

    public Checkpoint {
        spans = List.copyOf(spans);
        queues = List.copyOf(queues);
    }

    /** One cycle's documents: the first one's index and physical offset, and the last one's index. */
    public record Span(int cycle, long firstDocument, long firstPhysical, long lastDocument) {
    }

    /** One queue's kept offsets, {@code [min, max)}. */
    public record Queue(String topic, int queueId, long min, long max) {
    }
}
