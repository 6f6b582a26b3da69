package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/** Responses the broker handlers share; every handler here answers before it returns. */
final class Replies {

    private Replies() {
    }

    static RemotingCommand.Builder success(RemotingCommand request) {
        return RemotingCommand.responseTo(request, ResponseCode.SUCCESS);
    }

    static CompletableFuture<RemotingCommand> answer(RemotingCommand.Builder response) {
        return CompletableFuture.completedFuture(response.build());
    }

    static CompletableFuture<RemotingCommand> failure(RemotingCommand request, int code, String remark) {
        return answer(RemotingCommand.responseTo(request, code).remark(remark));
    }
}
