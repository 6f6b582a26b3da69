package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.port.MessageArrivalListener;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the arrival listeners of the records a dispatch run made readable, after the run released the
 * dispatch lock: a listener takes its own monitor and may evaluate SQL92, and no appender should wait
 * for that. Records of hidden messages and of a deleted topic generation are skipped, as dispatch skips
 * them.
 *
 * <p>Listeners are lent each record through one read-only view per notifying thread of the segment it
 * lies in, re-pointed at each record: notifying allocates nothing per message (a new view only when a
 * thread's walk moves on to another segment), and nothing at all while no listener is registered.
 */
final class ArrivalNotifier {

    private static final Logger LOG = LoggerFactory.getLogger(ArrivalNotifier.class);

    private final CommitLog commitLog;
    private final DeletedTopics deletedTopics;
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Walk> walks = ThreadLocal.withInitial(Walk::new);

    ArrivalNotifier(CommitLog commitLog, DeletedTopics deletedTopics) {
        this.commitLog = commitLog;
        this.deletedTopics = deletedTopics;
    }

    void addListener(MessageArrivalListener listener) {
        listeners.add(listener);
    }

    /** Tells the listeners of every record in {@code [from, to)}, which dispatch has made readable. */
    void arrived(long from, long to) {
        if (from < to && !listeners.isEmpty()) {
            Walk walk = walks.get();
            walk.records.over(from, to, walk);
        }
    }

    /** One notifying thread's walk, topic cache and view of the segment being walked. */
    private final class Walk implements RecordWalk.Visitor {

        private final RecordWalk records = new RecordWalk(commitLog);
        private final TopicNames topics = new TopicNames();
        private MappedFile viewedSegment;
        private ByteBuffer recordView;

        @Override
        public void visit(MappedFile segment, int position, long offset, int size) {
            ByteBuffer buffer = segment.buffer();
            if (MessageSysFlag.isHiddenFromConsumeQueue(MessageLayout.sysFlag(buffer, position))) {
                return;
            }
            String topic = topics.topicOf(buffer, position);
            if (deletedTopics.covers(topic, offset)) {
                return;
            }
            int queueId = MessageLayout.queueId(buffer, position);
            long queueOffset = MessageLayout.queueOffset(buffer, position);
            long tagsCode = MessageLayout.tagsCode(buffer, position);
            ByteBuffer record = view(segment, position, size);
            for (MessageArrivalListener listener : listeners) {
                try {
                    listener.arrived(topic, queueId, queueOffset, tagsCode, record);
                } catch (RuntimeException e) {
                    // a listener must not stop the others, nor the append that dispatched the record
                    LOG.warn("arrival listener failed for {}:{}@{}", topic, queueId, queueOffset, e);
                }
            }
        }

        private ByteBuffer view(MappedFile segment, int position, int size) {
            if (segment != viewedSegment) {
                recordView = segment.buffer().asReadOnlyBuffer();
                viewedSegment = segment;
            }
            recordView.clear();
            recordView.position(position).limit(position + size);
            return recordView;
        }
    }
}
