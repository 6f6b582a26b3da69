package io.hexmq.adapters.netty.namesrv;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/** Responses the NameServer handlers share; every handler answers before it returns. */
final class Replies {

    private Replies() {
    }

    static RemotingCommand.Builder success(RemotingCommand request) {
        return RemotingCommand.responseTo(request, ResponseCode.SUCCESS);
    }

    static CompletableFuture<RemotingCommand> answer(RemotingCommand response) {
        return CompletableFuture.completedFuture(response);
    }

    static CompletableFuture<RemotingCommand> answer(RemotingCommand.Builder response) {
        return answer(response.build());
    }

    static CompletableFuture<RemotingCommand> failure(RemotingCommand request, int code, String remark) {
        return answer(RemotingCommand.responseTo(request, code).remark(remark));
    }
}
