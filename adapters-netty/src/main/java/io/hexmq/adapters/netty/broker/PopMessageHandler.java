package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.PopMessages;
import io.hexmq.remoting.header.PopExtraInfo;
import io.hexmq.remoting.header.PopMessageHeader;
import io.hexmq.remoting.header.PopMessageResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * POP_MESSAGE (200050), header {@link PopMessageHeader}. Answers SUCCESS with the popped records back to
 * back as the body (the store's views, as a pull sends them), or POLLING_TIMEOUT when nothing came; both
 * carry {@link PopMessageResponseHeader}, which the client decodes either way. A parked POP's future
 * completes later, from the pull executor.
 */
public final class PopMessageHandler implements RequestHandler {

    private final PopMessages popMessages;

    public PopMessageHandler(PopMessages popMessages) {
        this.popMessages = Objects.requireNonNull(popMessages, "popMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        PopMessages.Command command = new PopMessages.Command(
                header.stringOf(PopMessageHeader.CONSUMER_GROUP),
                header.stringOf(PopMessageHeader.TOPIC),
                header.intOf(PopMessageHeader.QUEUE_ID),
                header.intOf(PopMessageHeader.MAX_MSG_NUMS),
                header.longOf(PopMessageHeader.INVISIBLE_TIME),
                header.longOf(PopMessageHeader.POLL_TIME),
                header.longOf(PopMessageHeader.BORN_TIME),
                header.intOf(PopMessageHeader.INIT_MODE),
                header.stringOf(PopMessageHeader.EXP_TYPE),
                header.stringOf(PopMessageHeader.EXP),
                header.booleanOf(PopMessageHeader.ORDER),
                header.stringOf(PopMessageHeader.ATTEMPT_ID));
        return popMessages.pop(command).thenApply(result -> response(request, result));
    }

    private static RemotingCommand response(RemotingCommand request, PopMessages.Result result) {
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, code(result.status()))
                .remark(result.remark())
                .extField(PopMessageResponseHeader.POP_TIME, result.popTime())
                .extField(PopMessageResponseHeader.INVISIBLE_TIME, result.invisibleTime())
                .extField(PopMessageResponseHeader.REVIVE_QID,
                        result.orderly() ? PopExtraInfo.ORDERLY_REVIVE_QUEUE : PopExtraInfo.REVIVE_QUEUE)
                .extField(PopMessageResponseHeader.REST_NUM, result.restNum());
        if (result.status() != PopMessages.Status.FOUND) {
            return response.build();
        }
        List<PopExtraInfo.QueuePart> parts = result.queues().stream()
                .map(queue -> new PopExtraInfo.QueuePart(queue.topic(), queue.queueId(), queue.startOffset(),
                        queue.offsets(), queue.attempts()))
                .toList();
        response.extField(PopMessageResponseHeader.START_OFFSET_INFO, PopExtraInfo.startOffsetInfo(parts))
                .extField(PopMessageResponseHeader.MSG_OFFSET_INFO, PopExtraInfo.msgOffsetInfo(parts));
        if (result.orderly()) {
            response.extField(PopMessageResponseHeader.ORDER_COUNT_INFO, PopExtraInfo.orderCountInfo(parts));
        }
        return response.bodyViews(result.messages()).build();
    }

    static int code(PopMessages.Status status) {
        return switch (status) {
            case FOUND -> ResponseCode.SUCCESS;
            case POLLING_TIMEOUT -> ResponseCode.POLLING_TIMEOUT;
            case POLLING_FULL -> ResponseCode.POLLING_FULL;
            case NO_MESSAGE -> ResponseCode.PULL_NOT_FOUND;
            case NO_PERMISSION -> ResponseCode.NO_PERMISSION;
            case INVALID_PARAMETER -> ResponseCode.INVALID_PARAMETER;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case SUBSCRIPTION_GROUP_NOT_EXIST -> ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST;
            case SUBSCRIPTION_PARSE_FAILED -> ResponseCode.SUBSCRIPTION_PARSE_FAILED;
        };
    }
}
