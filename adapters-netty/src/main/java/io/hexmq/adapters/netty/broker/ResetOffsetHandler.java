package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222, {@code mqadmin resetOffsetByTime}): header topic, group, timestamp
 * ({@code -1} = the end of each queue), isForce (ignored, as RocketMQ 5's broker-side reset ignores it), and in
 * the 5.x variant a {@code queueId} (and an {@code offset} unless -1) that confines the reset to that queue.
 * Resets on the broker's side, online group or not ({@link ResetGroupOffsets}): SUCCESS with ResetOffsetBody, the
 * offsets now committed (and pushed to the members online); TOPIC_NOT_EXIST; SUBSCRIPTION_GROUP_NOT_EXIST; or
 * SYSTEM_ERROR for an offset outside its queue.
 */
public final class ResetOffsetHandler implements RequestHandler {

    private static final long NO_OFFSET = -1;

    private final ResetGroupOffsets resetGroupOffsets;

    public ResetOffsetHandler(ResetGroupOffsets resetGroupOffsets) {
        this.resetGroupOffsets = Objects.requireNonNull(resetGroupOffsets, "resetGroupOffsets");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        ResetGroupOffsets.Result result = resetGroupOffsets.reset(new ResetGroupOffsets.Command(
                Headers.group(header, ResetOffsetHeader.GROUP), Headers.topic(header, ResetOffsetHeader.TOPIC),
                scope(header), header.longOf(ResetOffsetHeader.TIMESTAMP)));
        return switch (result.status()) {
            case RESET -> Replies.answer(Replies.success(request).body(AdminBodies.resetOffsetBody(result.offsets())));
            case TOPIC_NOT_EXIST -> Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST, result.remark());
            case GROUP_NOT_EXIST -> Replies.failure(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, result.remark());
            case OFFSET_OUT_OF_RANGE -> Replies.failure(request, ResponseCode.SYSTEM_ERROR, result.remark());
        };
    }

    private static ResetGroupOffsets.Scope scope(HeaderReader header) {
        int queueId = header.intOf(ResetOffsetHeader.QUEUE_ID);
        if (queueId < 0) {
            return ResetGroupOffsets.Scope.ALL_READ_QUEUES;
        }
        long offset = header.longOf(ResetOffsetHeader.OFFSET);
        return ResetGroupOffsets.Scope.queue(queueId, offset == NO_OFFSET ? OptionalLong.empty()
                : OptionalLong.of(offset));
    }
}
