package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * SWITCH_TIMER_ENGINE (5001, {@code mqadmin switchTimerEngine}): header engineType, R (RocksDB timeline) or F (file
 * time wheel). A RocketMQ broker without the timer wheel refuses with INVALID_PARAMETER; hexmq has a single timer
 * engine, so it refuses likewise, saying there is nothing to switch.
 */
public final class SwitchTimerEngineHandler implements RequestHandler {

    static final String ONE_TIMER_ENGINE = "hexmq has one timer engine; there is no other to switch to";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.INVALID_PARAMETER, ONE_TIMER_ENGINE);
    }
}
