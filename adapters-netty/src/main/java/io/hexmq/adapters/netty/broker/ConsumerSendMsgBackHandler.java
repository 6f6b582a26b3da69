package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.SendMessageBack;
import io.hexmq.remoting.header.ConsumerSendMsgBackHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * CONSUMER_SEND_MSG_BACK (36): header offset (commit-log offset), group, delayLevel, and optionally
 * maxReconsumeTimes (honoured from client version V3_4_9 on), originMsgId, originTopic, unitMode.
 * Answers SUCCESS, SUBSCRIPTION_GROUP_NOT_EXIST, NO_PERMISSION, or SYSTEM_ERROR with the reason;
 * on an error the client falls back to sending the message to the retry topic itself. The answer
 * completes when the store has the copy, without holding the handler's thread meanwhile.
 */
public final class ConsumerSendMsgBackHandler implements RequestHandler {

    private final SendMessageBack sendMessageBack;

    public ConsumerSendMsgBackHandler(SendMessageBack sendMessageBack) {
        this.sendMessageBack = Objects.requireNonNull(sendMessageBack, "sendMessageBack");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        OptionalInt maxReconsumeTimes = request.version() >= SendMessageHandler.V3_4_9
                && header.has(ConsumerSendMsgBackHeader.MAX_RECONSUME_TIMES)
                ? OptionalInt.of(header.intOf(ConsumerSendMsgBackHeader.MAX_RECONSUME_TIMES)) : OptionalInt.empty();
        return sendMessageBack.sendBack(new SendMessageBack.Command(
                header.stringOf(ConsumerSendMsgBackHeader.GROUP), header.longOf(ConsumerSendMsgBackHeader.OFFSET),
                header.intOf(ConsumerSendMsgBackHeader.DELAY_LEVEL), maxReconsumeTimes))
                .thenApply(result -> response(request, result))
                .toCompletableFuture();
    }

    private static RemotingCommand response(RemotingCommand request, SendMessageBack.Result result) {
        int code = switch (result.status()) {
            case OK -> ResponseCode.SUCCESS;
            case SUBSCRIPTION_GROUP_NOT_EXIST -> ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST;
            case NO_PERMISSION -> ResponseCode.NO_PERMISSION;
            case FAILED -> ResponseCode.SYSTEM_ERROR;
        };
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, code);
        if (code != ResponseCode.SUCCESS) {
            response.remark(result.remark());
        }
        return response.build();
    }
}
