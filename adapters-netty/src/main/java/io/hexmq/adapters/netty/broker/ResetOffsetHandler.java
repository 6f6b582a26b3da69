package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.ResetConsumerOffsetByTime;
import io.hexmq.application.consumer.ResetQueueOffset;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222, {@code mqadmin resetOffsetByTime}): header topic, group, timestamp
 * ({@code -1} = the end of each queue), isForce (ignored, as RocketMQ 5's broker-side reset ignores it). Resets
 * on the broker's side, online group or not ({@link ResetConsumerOffsetByTime}): SUCCESS with ResetOffsetBody,
 * the offsets now committed (and pushed to the members online); TOPIC_NOT_EXIST; SUBSCRIPTION_GROUP_NOT_EXIST.
 * The 5.x variant that names one queue ({@code queueId}, and {@code offset} unless -1) resets that queue alone
 * ({@link ResetQueueOffset}): SUCCESS with that queue's ResetOffsetBody, TOPIC_NOT_EXIST,
 * SUBSCRIPTION_GROUP_NOT_EXIST, or SYSTEM_ERROR for an offset outside the queue.
 */
public final class ResetOffsetHandler implements RequestHandler {

    private final ResetConsumerOffsetByTime resetConsumerOffsetByTime;
    private final ResetQueueOffset resetQueueOffset;

    public ResetOffsetHandler(ResetConsumerOffsetByTime resetConsumerOffsetByTime, ResetQueueOffset resetQueueOffset) {
        this.resetConsumerOffsetByTime = Objects.requireNonNull(resetConsumerOffsetByTime, "resetConsumerOffsetByTime");
        this.resetQueueOffset = Objects.requireNonNull(resetQueueOffset, "resetQueueOffset");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        if (header.intOf(ResetOffsetHeader.QUEUE_ID) >= 0) {
            return resetOneQueue(request, header);
        }
        ResetConsumerOffsetByTime.Result result = resetConsumerOffsetByTime.reset(new ResetConsumerOffsetByTime.Command(
                Headers.group(header, ResetOffsetHeader.GROUP), Headers.topic(header, ResetOffsetHeader.TOPIC),
                header.longOf(ResetOffsetHeader.TIMESTAMP)));
        return switch (result.status()) {
            case RESET -> Replies.answer(Replies.success(request).body(AdminBodies.resetOffsetBody(result.offsets())));
            case TOPIC_NOT_EXIST -> Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST, result.remark());
            case GROUP_NOT_EXIST -> Replies.failure(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, result.remark());
        };
    }

    private CompletableFuture<RemotingCommand> resetOneQueue(RemotingCommand request, HeaderReader header) {
        long given = header.longOf(ResetOffsetHeader.OFFSET);
        OptionalLong offset = given == -1 ? OptionalLong.empty() : OptionalLong.of(given);
        ResetQueueOffset.Result result = resetQueueOffset.reset(new ResetQueueOffset.Command(
                Headers.group(header, ResetOffsetHeader.GROUP), Headers.topic(header, ResetOffsetHeader.TOPIC),
                header.intOf(ResetOffsetHeader.QUEUE_ID), offset, header.longOf(ResetOffsetHeader.TIMESTAMP)));
        return switch (result.status()) {
            case RESET -> Replies.answer(Replies.success(request)
                    .body(AdminBodies.resetOffsetBody(Map.of(result.queue(), result.offset()))));
            case TOPIC_NOT_EXIST -> Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST, result.remark());
            case GROUP_NOT_EXIST -> Replies.failure(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, result.remark());
            case OFFSET_OUT_OF_RANGE -> Replies.failure(request, ResponseCode.SYSTEM_ERROR, result.remark());
        };
    }
}
