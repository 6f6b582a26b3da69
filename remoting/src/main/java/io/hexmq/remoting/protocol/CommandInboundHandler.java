package io.hexmq.remoting.protocol;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler of a server's or client's pipeline: responses complete the requests this side
 * sent ({@link PendingResponses}), requests go to the {@link RequestDispatcher} and its answer is
 * written back, its header in the format the request's came in. Attaches a {@link ChannelPeer} to each channel and fails the channel's waiting
 * requests as soon as it closes; answers that cannot be written are reported as {@link AnswerFailures}
 * says. Keeps per-channel state only in channel attributes, hence shared.
 */
@ChannelHandler.Sharable
public final class CommandInboundHandler extends SimpleChannelInboundHandler<RemotingCommand> {

    private final RequestDispatcher dispatcher;
    private final PendingResponses pending;
    private final Logger log;

    public CommandInboundHandler(RequestDispatcher dispatcher, PendingResponses pending) {
        this(dispatcher, pending, LoggerFactory.getLogger(CommandInboundHandler.class));
    }

    /** @param log where connection events are logged; a test reads them there */
    CommandInboundHandler(RequestDispatcher dispatcher, PendingResponses pending, Logger log) {
        super(RemotingCommand.class);
        this.dispatcher = dispatcher;
        this.pending = pending;
        this.log = log;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ChannelPeer.attach(ctx.channel(), pending);
        AnswerFailures.attach(ctx.channel());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, RemotingCommand command) {
        Channel channel = ctx.channel();
        if (command.isResponse()) {
            if (!pending.complete(command)) {
                log.debug("Dropping response opaque {} from {}: nobody waits for it (timed out?)",
                        command.opaque(), channel.remoteAddress());
            }
            return;
        }
        ChannelPeer peer = ChannelPeer.of(channel);
        AnswerFailures failures = AnswerFailures.of(channel);
        failures.requestDispatched();
        dispatcher.dispatch(command, new RequestContext(peer)).whenComplete((response, failure) -> {
            if (response == null) {
                reportCount(failures.answerSettled(), peer);
                return;
            }
            channel.writeAndFlush(response.inHeaderFormat(command.headerFormat())).addListener(write -> {
                if (!write.isSuccess()) {
                    reportFailure(failures.answerFailed(), command, peer, write.cause());
                }
                reportCount(failures.answerSettled(), peer);
            });
        });
    }

    private void reportFailure(boolean first, RemotingCommand request, ChannelPeer peer, Throwable cause) {
        if (first) {
            log.warn("Could not answer request code {} (opaque {}) to {}: {}; further answers that fail on this"
                    + " connection are counted when it closes", request.code(), request.opaque(),
                    peer.remoteAddress(), String.valueOf(cause));
        } else {
            log.debug("Could not answer request code {} (opaque {}) to {}: {}", request.code(), request.opaque(),
                    peer.remoteAddress(), String.valueOf(cause));
        }
    }

    private void reportCount(int failedAnswers, ChannelPeer peer) {
        if (failedAnswers > 0) {
            log.warn("{} answers to {} could not be written; the connection is closed", failedAnswers,
                    peer.remoteAddress());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ChannelPeer peer = ChannelPeer.of(ctx.channel());
        pending.failAll(ctx.channel(), request -> new ConnectionClosedException("connection to "
                + peer.remoteAddress() + " closed before the response to request code " + request.code()
                + " (opaque " + request.opaque() + ") arrived"));
        reportCount(AnswerFailures.of(ctx.channel()).connectionClosed(), peer);
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            // Resets by the peer are routine; the close itself is what matters.
            log.debug("Closing connection {}: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            log.warn("Closing connection {}", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
