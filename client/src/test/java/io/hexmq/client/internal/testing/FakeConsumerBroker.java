package io.hexmq.client.internal.testing;

import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.header.OffsetResponseHeader;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.header.PullMessageResponseHeader;
import io.hexmq.remoting.header.QueueOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What consumers ask of brokers, answered in memory on a {@link FakeNetwork} for a topic-queue
 * whatever the broker's address: the group's committed offsets (queried and updated), each queue's
 * min and max offset and its offset at a timestamp, the group's members, and queue locks (granted
 * unless refused). Pulls are held, as a long-polling broker holds them, until the test answers them
 * with {@link #found}, {@link #noNewMessage} or {@link #offsetMoved}.
 */
public final class FakeConsumerBroker {

    private final Map<String, Long> committed = new ConcurrentHashMap<>();
    private final Map<String, Long> minOffsets = new ConcurrentHashMap<>();
    private final Map<String, Long> maxOffsets = new ConcurrentHashMap<>();
    private final Map<String, Long> offsetsAtTimestamps = new ConcurrentHashMap<>();
    private final List<String> members = new CopyOnWriteArrayList<>();
    private final Set<String> lockRefused = ConcurrentHashMap.newKeySet();

    public FakeConsumerBroker(FakeNetwork network) {
        network.serve(RequestCode.QUERY_CONSUMER_OFFSET, (address, request) -> {
            Long offset = committed.get(key(request.header().stringOf(ConsumerOffsetHeader.TOPIC),
                    request.header().intOf(ConsumerOffsetHeader.QUEUE_ID)));
            if (offset == null) {
                return RemotingCommand.responseTo(request, ResponseCode.QUERY_NOT_FOUND).remark("not found").build();
            }
            return offsetAnswer(request, offset);
        });
        network.serve(RequestCode.UPDATE_CONSUMER_OFFSET, (address, request) -> {
            HeaderReader header = request.header();
            committed.put(key(header.stringOf(ConsumerOffsetHeader.TOPIC), header.intOf(ConsumerOffsetHeader.QUEUE_ID)),
                    header.longOf(ConsumerOffsetHeader.COMMIT_OFFSET));
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
        });
        network.serve(RequestCode.GET_MIN_OFFSET, (address, request) -> offsetAnswer(request,
                minOffsets.getOrDefault(queueKey(request), 0L)));
        network.serve(RequestCode.GET_MAX_OFFSET, (address, request) -> offsetAnswer(request,
                maxOffsets.getOrDefault(queueKey(request), 0L)));
        network.serve(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, (address, request) -> offsetAnswer(request,
                offsetsAtTimestamps.getOrDefault(queueKey(request) + "@"
                        + request.header().longOf(QueueOffsetHeader.TIMESTAMP), 0L)));
        network.serve(RequestCode.GET_CONSUMER_LIST_BY_GROUP, (address, request) ->
                RemotingCommand.responseTo(request, ResponseCode.SUCCESS).body(CommonJson.consumerIdList(members))
                        .build());
        network.serve(RequestCode.LOCK_BATCH_MQ, (address, request) -> {
            List<ConsumerJson.Queue> granted = ConsumerJson.readLockRequest(request.body(), "LockBatchRequestBody")
                    .queues().stream().filter(queue -> !lockRefused.contains(key(queue.topic(), queue.queueId())))
                    .toList();
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).body(ConsumerJson.lockedQueues(granted))
                    .build();
        });
        network.hold(RequestCode.PULL_MESSAGE);
    }

    public FakeConsumerBroker committed(String topic, int queueId, long offset) {
        committed.put(key(topic, queueId), offset);
        return this;
    }

    /** The group's committed offset of the queue, as the last UPDATE_CONSUMER_OFFSET set it. */
    public OptionalLong committedOffset(String topic, int queueId) {
        Long offset = committed.get(key(topic, queueId));
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    public FakeConsumerBroker offsets(String topic, int queueId, long min, long max) {
        minOffsets.put(key(topic, queueId), min);
        maxOffsets.put(key(topic, queueId), max);
        return this;
    }

    /** SEARCH_OFFSET_BY_TIMESTAMP of the queue at {@code timestampMillis} answers {@code offset}. */
    public FakeConsumerBroker offsetAt(String topic, int queueId, long timestampMillis, long offset) {
        offsetsAtTimestamps.put(key(topic, queueId) + "@" + timestampMillis, offset);
        return this;
    }

    /** The group's members as GET_CONSUMER_LIST_BY_GROUP answers them from now on. */
    public FakeConsumerBroker members(String... clientIds) {
        members.clear();
        members.addAll(List.of(clientIds));
        return this;
    }

    /** Another member holds the queue's lock: LOCK_BATCH_MQ does not grant it. */
    public FakeConsumerBroker lockHeldElsewhere(String topic, int queueId) {
        lockRefused.add(key(topic, queueId));
        return this;
    }

    public FakeConsumerBroker lockReleasedElsewhere(String topic, int queueId) {
        lockRefused.remove(key(topic, queueId));
        return this;
    }

    /** The queue offset a held PULL_MESSAGE asks from. */
    public static long pullOffset(FakeNetwork.Call pull) {
        return pull.request().header().longOf(PullMessageHeader.QUEUE_OFFSET);
    }

    public static String pullQueue(FakeNetwork.Call pull) {
        HeaderReader header = pull.request().header();
        return header.stringOf(PullMessageHeader.TOPIC) + "/" + header.intOf(PullMessageHeader.QUEUE_ID);
    }

    /** Answers a held pull with {@code records} (see {@link StoredMessages#queueRecords}). */
    public static void found(FakeNetwork.Call pull, long nextBeginOffset, byte[] records) {
        pull.answer(pullAnswer(pull.request(), ResponseCode.SUCCESS, nextBeginOffset).body(records).build());
    }

    public static void noNewMessage(FakeNetwork.Call pull, long nextBeginOffset) {
        pull.answer(pullAnswer(pull.request(), ResponseCode.PULL_NOT_FOUND, nextBeginOffset).build());
    }

    public static void offsetMoved(FakeNetwork.Call pull, long nextBeginOffset) {
        pull.answer(pullAnswer(pull.request(), ResponseCode.PULL_OFFSET_MOVED, nextBeginOffset).build());
    }

    private static RemotingCommand.Builder pullAnswer(RemotingCommand pull, int code, long nextBeginOffset) {
        return RemotingCommand.responseTo(pull, code)
                .extField(PullMessageResponseHeader.NEXT_BEGIN_OFFSET, nextBeginOffset)
                .extField(PullMessageResponseHeader.MIN_OFFSET, 0L)
                .extField(PullMessageResponseHeader.MAX_OFFSET, nextBeginOffset);
    }

    private static RemotingCommand offsetAnswer(RemotingCommand request, long offset) {
        return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).extField(OffsetResponseHeader.OFFSET, offset)
                .build();
    }

    private static String queueKey(RemotingCommand request) {
        return key(request.header().stringOf(QueueOffsetHeader.TOPIC), request.header().intOf(QueueOffsetHeader.QUEUE_ID));
    }

    private static String key(String topic, int queueId) {
        return topic + "/" + queueId;
    }
}
