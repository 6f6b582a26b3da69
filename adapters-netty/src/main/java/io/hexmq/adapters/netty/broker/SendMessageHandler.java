package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.SendMessage;
import io.hexmq.remoting.body.BatchBodyLayout;
import io.hexmq.application.message.TimerRecall;
import io.hexmq.remoting.header.RecallHandle;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.header.SendMessageResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * SEND_MESSAGE (10), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320, a {@link BatchBodyLayout}
 * body), their header a {@link SendMessageHeader} in the spelling of the code; a SEND_MESSAGE(_V2) with
 * {@code batch} = true is a batch as well. Register this one handler under the three codes.
 *
 * <p>Answers SUCCESS (or FLUSH_DISK_TIMEOUT, FLUSH_SLAVE_TIMEOUT, SLAVE_NOT_AVAILABLE, which clients
 * count as stored) with {@code msgId} (offset ids, comma-joined for a batch), {@code queueId},
 * {@code queueOffset} and {@code transactionId} (the UNIQ_KEY); every answer carries the
 * {@code MSG_REGION}/{@code TRACE_ON} fields of the broker's {@link TraceSettings}, because clients read them
 * without a null check (and the official producer's trace records the region).
 * The born host is the connection's peer address. {@link SendMessage.Status} maps to the response
 * code here and nowhere else. The answer completes when the store has the message, without holding the
 * handler's thread meanwhile; a store failure reaches the dispatcher as a thrown one does.
 */
public final class SendMessageHandler implements RequestHandler {

    /** MQVersion V3_4_9: from this client version on, a retry send's maxReconsumeTimes counts. */
    static final int V3_4_9 = 121;

    private static final byte[] NO_BODY = new byte[0];

    private final SendMessage sendMessage;
    private final TraceSettings trace;

    public SendMessageHandler(SendMessage sendMessage, TraceSettings trace) {
        this.sendMessage = Objects.requireNonNull(sendMessage, "sendMessage");
        this.trace = Objects.requireNonNull(trace, "trace");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header(SendMessageHeader.spellingOf(request.code()));
        boolean batch = request.code() == RequestCode.SEND_BATCH_MESSAGE || header.booleanOf(SendMessageHeader.BATCH);
        List<SendMessage.BatchEntry> entries = List.of();
        if (batch) {
            try {
                entries = BatchBodyLayout.decode(request.body(), SendMessage.BatchEntry::new);
            } catch (IllegalArgumentException malformed) {
                return CompletableFuture.completedFuture(refusal(request, ResponseCode.MESSAGE_ILLEGAL, trace,
                        "the batch body is malformed: " + malformed.getMessage()));
            }
        }
        CompletionStage<SendMessage.Result> sending = sendMessage.send(command(request, header, context, batch,
                entries));
        if (sending instanceof CompletableFuture<SendMessage.Result> sent && sent.isDone()
                && !sent.isCompletedExceptionally()) {
            // a local store appended before the use case returned: no continuation to allocate
            return CompletableFuture.completedFuture(response(request, sent.join(), trace));
        }
        return sending.thenApply(result -> response(request, result, trace)).toCompletableFuture();
    }

    /** The send a request carries, read in its code's spelling (SEND_REPLY_MESSAGE(_V2) as well). */
    static SendMessage.Command command(RemotingCommand request, RequestContext context) {
        return command(request, request.header(SendMessageHeader.spellingOf(request.code())), context, false,
                List.of());
    }

    private static SendMessage.Command command(RemotingCommand request, HeaderReader header, RequestContext context,
            boolean batch, List<SendMessage.BatchEntry> entries) {
        OptionalInt maxReconsumeTimes = request.version() >= V3_4_9 && header.has(SendMessageHeader.MAX_RECONSUME_TIMES)
                ? OptionalInt.of(header.intOf(SendMessageHeader.MAX_RECONSUME_TIMES)) : OptionalInt.empty();
        return new SendMessage.Command(
                header.stringOf(SendMessageHeader.PRODUCER_GROUP),
                header.stringOf(SendMessageHeader.TOPIC),
                header.stringOf(SendMessageHeader.DEFAULT_TOPIC),
                header.intOf(SendMessageHeader.DEFAULT_TOPIC_QUEUE_NUMS),
                header.intOf(SendMessageHeader.QUEUE_ID),
                header.intOf(SendMessageHeader.SYS_FLAG),
                header.longOf(SendMessageHeader.BORN_TIMESTAMP),
                header.intOf(SendMessageHeader.FLAG),
                header.stringOf(SendMessageHeader.PROPERTIES),
                header.intOf(SendMessageHeader.RECONSUME_TIMES),
                header.booleanOf(SendMessageHeader.UNIT_MODE),
                maxReconsumeTimes,
                HostAddresses.of(context.remoteAddress()),
                batch ? NO_BODY : request.body(),
                batch,
                entries);
    }

    /** The answer to a send or a reply: the stored fields, or the refusal's code and remark. */
    static RemotingCommand response(RemotingCommand request, SendMessage.Result result, TraceSettings trace) {
        if (!result.status().isStored()) {
            return refusal(request, code(result.status()), trace, result.remark());
        }
        return withRegionAndTrace(trace, RemotingCommand.responseTo(request, code(result.status()))
                .extField(SendMessageResponseHeader.MSG_ID, result.msgId())
                .extField(SendMessageResponseHeader.QUEUE_ID, result.queueId())
                .extField(SendMessageResponseHeader.QUEUE_OFFSET, result.queueOffset())
                .extField(SendMessageResponseHeader.TRANSACTION_ID, result.transactionId())
                .extField(SendMessageResponseHeader.RECALL_HANDLE, recallHandle(result.recall())))
                .build();
    }

    private static String recallHandle(TimerRecall recall) {
        return recall == null ? null
                : new RecallHandle(recall.topic(), recall.brokerName(), recall.dueMillis(), recall.uniqueKey()).encode();
    }

    private static RemotingCommand refusal(RemotingCommand request, int code, TraceSettings trace, String remark) {
        return withRegionAndTrace(trace, RemotingCommand.responseTo(request, code).remark(remark)).build();
    }

    private static RemotingCommand.Builder withRegionAndTrace(TraceSettings trace, RemotingCommand.Builder response) {
        return response.extField(SendMessageResponseHeader.MSG_REGION, trace.regionId())
                .extField(SendMessageResponseHeader.TRACE_ON, trace.traceOn());
    }

    static int code(SendMessage.Status status) {
        return switch (status) {
            case PUT_OK -> ResponseCode.SUCCESS;
            case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
            case FLUSH_SLAVE_TIMEOUT -> ResponseCode.FLUSH_SLAVE_TIMEOUT;
            case SLAVE_NOT_AVAILABLE -> ResponseCode.SLAVE_NOT_AVAILABLE;
            case INVALID_PARAMETER -> ResponseCode.INVALID_PARAMETER;
            case NO_PERMISSION -> ResponseCode.NO_PERMISSION;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case SUBSCRIPTION_GROUP_NOT_EXIST -> ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST;
            case MESSAGE_ILLEGAL -> ResponseCode.MESSAGE_ILLEGAL;
            case SERVICE_NOT_AVAILABLE -> ResponseCode.SERVICE_NOT_AVAILABLE;
            case SYSTEM_ERROR -> ResponseCode.SYSTEM_ERROR;
        };
    }
}
