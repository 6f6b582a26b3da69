package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.SendReply;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * SEND_REPLY_MESSAGE (324, the long header names of SEND_MESSAGE) and SEND_REPLY_MESSAGE_V2 (325, the
 * one-letter names of SEND_MESSAGE_V2): a replier's reply of request-reply. Register this one handler
 * under both codes.
 *
 * <p>Answers as a send does ({@link SendMessageHandler#response}): SUCCESS once the requester took the
 * reply, with the stored reply's {@code msgId}, {@code queueId} and {@code queueOffset}, or with
 * {@code msgId} "0" and {@code queueOffset} 0 when it was only pushed; else SYSTEM_ERROR with the reason,
 * or the code of a refused send. The answer waits for the requester without holding a thread.
 */
public final class SendReplyMessageHandler implements RequestHandler {

    private final SendReply sendReply;
    private final TraceSettings trace;

    public SendReplyMessageHandler(SendReply sendReply, TraceSettings trace) {
        this.sendReply = Objects.requireNonNull(sendReply, "sendReply");
        this.trace = Objects.requireNonNull(trace, "trace");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return sendReply.reply(SendMessageHandler.command(request, context))
                .thenApply(result -> SendMessageHandler.response(request, result, trace));
    }
}
