package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.application.message.SendMessage;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * SEND_MESSAGE (10, long header names), SEND_MESSAGE_V2 (310, one-letter names {@code a..n}) and
 * SEND_BATCH_MESSAGE (320, V2 names and a {@link BatchBodyLayout} body); a V1 or V2 request with
 * {@code batch}/{@code m} = true is a batch as well. Register this one handler under the three codes.
 *
 * <p>Answers SUCCESS (or FLUSH_DISK_TIMEOUT, FLUSH_SLAVE_TIMEOUT, SLAVE_NOT_AVAILABLE, which clients
 * count as stored) with {@code msgId} (offset ids, comma-joined for a batch), {@code queueId},
 * {@code queueOffset} and {@code transactionId} (the UNIQ_KEY); every answer carries the
 * {@code MSG_REGION}/{@code TRACE_ON} fields, because clients read them without a null check.
 * The born host is the connection's peer address. {@link SendMessage.Status} maps to the response
 * code here and nowhere else.
 */
public final class SendMessageHandler implements RequestHandler {

    static final String MSG_REGION = "MSG_REGION";
    static final String TRACE_ON = "TRACE_ON";
    static final String DEFAULT_REGION = "DefaultRegion";
    /** MQVersion V3_4_9: from this client version on, a retry send's maxReconsumeTimes counts. */
    static final int V3_4_9 = 121;

    /** Header field names, V1 (long) and V2 (one letter), in the same order. */
    private static final String[] V1 = {"producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums", "queueId",
        "sysFlag", "bornTimestamp", "flag", "properties", "reconsumeTimes", "unitMode", "maxReconsumeTimes", "batch"};
    private static final String[] V2 = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"};
    private static final int PRODUCER_GROUP = 0;
    private static final int TOPIC = 1;
    private static final int DEFAULT_TOPIC = 2;
    private static final int DEFAULT_TOPIC_QUEUE_NUMS = 3;
    private static final int QUEUE_ID = 4;
    private static final int SYS_FLAG = 5;
    private static final int BORN_TIMESTAMP = 6;
    private static final int FLAG = 7;
    private static final int PROPERTIES = 8;
    private static final int RECONSUME_TIMES = 9;
    private static final int UNIT_MODE = 10;
    private static final int MAX_RECONSUME_TIMES = 11;
    private static final int BATCH = 12;

    private static final byte[] NO_BODY = new byte[0];

    private final SendMessage sendMessage;

    public SendMessageHandler(SendMessage sendMessage) {
        this.sendMessage = Objects.requireNonNull(sendMessage, "sendMessage");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String[] names = request.code() == RequestCode.SEND_MESSAGE ? V1 : V2;
        HeaderReader header = request.header();
        boolean batch = request.code() == RequestCode.SEND_BATCH_MESSAGE
                || header.optionalBoolean(names[BATCH], false);
        List<SendMessage.BatchEntry> entries = List.of();
        if (batch) {
            try {
                entries = BatchBodyLayout.decode(request.body());
            } catch (IllegalArgumentException malformed) {
                return CompletableFuture.completedFuture(refusal(request, ResponseCode.MESSAGE_ILLEGAL,
                        "the batch body is malformed: " + malformed.getMessage()));
            }
        }
        return CompletableFuture.completedFuture(response(request,
                sendMessage.send(command(request, context, names, batch, entries))));
    }

    /**
     * The send a request carries, read with its code's header names; SEND_REPLY_MESSAGE (324) and
     * SEND_REPLY_MESSAGE_V2 (325) use the names of SEND_MESSAGE and SEND_MESSAGE_V2.
     */
    static SendMessage.Command command(RemotingCommand request, RequestContext context) {
        boolean longNames = request.code() == RequestCode.SEND_MESSAGE
                || request.code() == RequestCode.SEND_REPLY_MESSAGE;
        return command(request, context, longNames ? V1 : V2, false, List.of());
    }

    private static SendMessage.Command command(RemotingCommand request, RequestContext context, String[] names,
            boolean batch, List<SendMessage.BatchEntry> entries) {
        HeaderReader header = request.header();
        OptionalInt maxReconsumeTimes = request.version() >= V3_4_9 && header.has(names[MAX_RECONSUME_TIMES])
                ? OptionalInt.of(header.requiredInt(names[MAX_RECONSUME_TIMES])) : OptionalInt.empty();
        return new SendMessage.Command(
                header.requiredString(names[PRODUCER_GROUP]),
                header.requiredString(names[TOPIC]),
                header.requiredString(names[DEFAULT_TOPIC]),
                header.requiredInt(names[DEFAULT_TOPIC_QUEUE_NUMS]),
                header.requiredInt(names[QUEUE_ID]),
                header.requiredInt(names[SYS_FLAG]),
                header.requiredLong(names[BORN_TIMESTAMP]),
                header.requiredInt(names[FLAG]),
                header.optionalString(names[PROPERTIES]).orElse(""),
                header.optionalInt(names[RECONSUME_TIMES], 0),
                header.optionalBoolean(names[UNIT_MODE], false),
                maxReconsumeTimes,
                HostAddresses.of(context.remoteAddress()),
                batch ? NO_BODY : request.body(),
                batch,
                entries);
    }

    /** The answer to a send or a reply: the stored fields, or the refusal's code and remark. */
    static RemotingCommand response(RemotingCommand request, SendMessage.Result result) {
        if (!result.status().isStored()) {
            return refusal(request, code(result.status()), result.remark());
        }
        return RemotingCommand.responseTo(request, code(result.status()))
                .extField("msgId", result.msgId())
                .extField("queueId", result.queueId())
                .extField("queueOffset", result.queueOffset())
                .extField("transactionId", result.transactionId())
                .extField(MSG_REGION, DEFAULT_REGION)
                .extField(TRACE_ON, true)
                .build();
    }

    private static RemotingCommand refusal(RemotingCommand request, int code, String remark) {
        return RemotingCommand.responseTo(request, code).remark(remark)
                .extField(MSG_REGION, DEFAULT_REGION)
                .extField(TRACE_ON, true)
                .build();
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
