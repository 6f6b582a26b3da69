package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Responses the broker handlers share. Most handlers here answer before they return; an admin's topic
 * change answers when its registration with the NameServers has ended ({@link #successOnce}), without
 * holding the handler's thread until then.
 */
final class Replies {

    private Replies() {
    }

    static RemotingCommand.Builder success(RemotingCommand request) {
        return RemotingCommand.responseTo(request, ResponseCode.SUCCESS);
    }

    static CompletableFuture<RemotingCommand> answer(RemotingCommand.Builder response) {
        return CompletableFuture.completedFuture(response.build());
    }

    /** SUCCESS, once {@code done} has completed. */
    static CompletableFuture<RemotingCommand> successOnce(CompletionStage<?> done, RemotingCommand request) {
        return done.thenApply(ignored -> success(request).build()).toCompletableFuture();
    }

    static CompletableFuture<RemotingCommand> failure(RemotingCommand request, int code, String remark) {
        return answer(RemotingCommand.responseTo(request, code).remark(remark));
    }
}
