package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * SET_COMMITLOG_READ_MODE (2004, {@code mqadmin setCommitLogReadAheadMode}): header readAheadMode, 0 normal or
 * 1 random. RocketMQ advises the kernel on its mapped commit log files (madvise); hexmq's stores give the
 * kernel no such advice, so the request is refused with SYSTEM_ERROR and a remark, as RocketMQ refuses a mode it
 * cannot set.
 */
public final class SetCommitLogReadModeHandler implements RequestHandler {

    static final String NO_READ_AHEAD_MODE = "hexmq does not set a read-ahead mode on its commit log files;"
            + " the operating system's default read-ahead applies";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, NO_READ_AHEAD_MODE);
    }
}
