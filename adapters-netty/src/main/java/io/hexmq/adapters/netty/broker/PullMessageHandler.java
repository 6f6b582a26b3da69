package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.PullMessages;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.header.PullMessageResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361), one header (protocol.md §2.3.9): consumerGroup,
 * topic, queueId, queueOffset, maxMsgNums, sysFlag, commitOffset, suspendTimeoutMillis, subVersion,
 * and optionally subscription and expressionType. Register this one handler under both codes.
 *
 * <p>A read answers SUCCESS, PULL_NOT_FOUND, PULL_RETRY_IMMEDIATELY or PULL_OFFSET_MOVED, always with
 * {@code suggestWhichBrokerId}, {@code nextBeginOffset}, {@code minOffset} and {@code maxOffset}
 * (clients unbox them); SUCCESS carries the stored records back to back as the body. A parked pull's
 * future completes later, from the pull executor, and the dispatcher writes the answer then.
 *
 * <p>The body is the store's read-only views themselves, not a copy ({@code bodyViews}): the encoder
 * sends direct views straight from the mapped segment to the socket. That is safe however late the
 * write happens (a parked answer, a slow socket), because the file store never unmaps a segment
 * explicitly ({@code MappedFile} leaves unmapping to the garbage collector, and deletes a file only
 * by unlinking it): a view keeps its whole mapping valid for as long as Netty holds it. The Chronicle
 * store hands out heap copies, which need nothing.
 */
public final class PullMessageHandler implements RequestHandler {

    private final PullMessages pullMessages;

    public PullMessageHandler(PullMessages pullMessages) {
        this.pullMessages = Objects.requireNonNull(pullMessages, "pullMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        PullMessages.Command command = new PullMessages.Command(
                header.stringOf(PullMessageHeader.CONSUMER_GROUP),
                header.stringOf(PullMessageHeader.TOPIC),
                header.intOf(PullMessageHeader.QUEUE_ID),
                header.longOf(PullMessageHeader.QUEUE_OFFSET),
                header.intOf(PullMessageHeader.MAX_MSG_NUMS),
                header.intOf(PullMessageHeader.SYS_FLAG),
                header.longOf(PullMessageHeader.COMMIT_OFFSET),
                header.longOf(PullMessageHeader.SUSPEND_TIMEOUT_MILLIS),
                header.stringOf(PullMessageHeader.SUBSCRIPTION),
                header.longOf(PullMessageHeader.SUB_VERSION),
                header.stringOf(PullMessageHeader.EXPRESSION_TYPE));
        return pullMessages.pull(command).thenApply(result -> response(request, result));
    }

    private static RemotingCommand response(RemotingCommand request, PullMessages.Result result) {
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, code(result.status()));
        if (!result.status().hasOffsets()) {
            return response.remark(result.remark()).build();
        }
        response.extField(PullMessageResponseHeader.SUGGEST_WHICH_BROKER_ID, result.suggestWhichBrokerId())
                .extField(PullMessageResponseHeader.NEXT_BEGIN_OFFSET, result.nextBeginOffset())
                .extField(PullMessageResponseHeader.MIN_OFFSET, result.minOffset())
                .extField(PullMessageResponseHeader.MAX_OFFSET, result.maxOffset());
        if (result.status() == PullMessages.Status.FOUND) {
            response.bodyViews(result.messages());
        }
        return response.build();
    }

    static int code(PullMessages.Status status) {
        return switch (status) {
            case FOUND -> ResponseCode.SUCCESS;
            case NO_NEW_MESSAGE -> ResponseCode.PULL_NOT_FOUND;
            case NO_MATCHED_MESSAGE -> ResponseCode.PULL_RETRY_IMMEDIATELY;
            case OFFSET_MOVED -> ResponseCode.PULL_OFFSET_MOVED;
            case NO_PERMISSION -> ResponseCode.NO_PERMISSION;
            case SUBSCRIPTION_GROUP_NOT_EXIST -> ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case INVALID_PARAMETER -> ResponseCode.INVALID_PARAMETER;
            case SUBSCRIPTION_PARSE_FAILED -> ResponseCode.SUBSCRIPTION_PARSE_FAILED;
            case SUBSCRIPTION_NOT_EXIST -> ResponseCode.SUBSCRIPTION_NOT_EXIST;
            case SUBSCRIPTION_NOT_LATEST -> ResponseCode.SUBSCRIPTION_NOT_LATEST;
            case FILTER_NOT_SUPPORTED -> ResponseCode.SYSTEM_ERROR;
            case FILTER_DATA_NOT_EXIST -> ResponseCode.FILTER_DATA_NOT_EXIST;
        };
    }
}
