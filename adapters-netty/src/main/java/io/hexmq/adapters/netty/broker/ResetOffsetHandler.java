package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.ResetConsumerOffsetByTime;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222, {@code mqadmin resetOffsetByTime}): header topic, group,
 * timestamp ({@code -1} = the end of each queue), isForce. Answers SUCCESS with ResetOffsetBody, the
 * offsets now committed and pushed to the group's members; CONSUMER_NOT_ONLINE when no member is
 * connected (the admin tool then commits offsets itself); SYSTEM_ERROR when the topic is not here or the
 * group has no offset on it. The 5.x variant that names one queue and an offset ({@code queueId},
 * {@code offset}) is answered SYSTEM_ERROR: hexmq resets by time only.
 */
public final class ResetOffsetHandler implements RequestHandler {

    private final ResetConsumerOffsetByTime resetConsumerOffsetByTime;

    public ResetOffsetHandler(ResetConsumerOffsetByTime resetConsumerOffsetByTime) {
        this.resetConsumerOffsetByTime = Objects.requireNonNull(resetConsumerOffsetByTime, "resetConsumerOffsetByTime");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        if (header.intOf(ResetOffsetHeader.QUEUE_ID) >= 0 && header.has(ResetOffsetHeader.OFFSET)) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR,
                    "resetting one queue to an offset is not supported; reset by timestamp");
        }
        ResetConsumerOffsetByTime.Result result = resetConsumerOffsetByTime.reset(new ResetConsumerOffsetByTime.Command(
                Headers.group(header, ResetOffsetHeader.GROUP), Headers.topic(header, ResetOffsetHeader.TOPIC),
                header.longOf(ResetOffsetHeader.TIMESTAMP), header.booleanOf(ResetOffsetHeader.IS_FORCE)));
        return switch (result.status()) {
            case RESET -> Replies.answer(Replies.success(request).body(AdminBodies.resetOffsetBody(result.offsets())));
            case CONSUMER_NOT_ONLINE -> Replies.failure(request, ResponseCode.CONSUMER_NOT_ONLINE, result.remark());
            case TOPIC_NOT_EXIST, GROUP_OFFSET_NOT_FOUND ->
                    Replies.failure(request, ResponseCode.SYSTEM_ERROR, result.remark());
        };
    }
}
