package io.hexmq.application.fakes;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import io.hexmq.domain.message.port.ReplyPusher;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers every reply it was asked to push and answers with a chosen outcome (delivered by default). */
public final class RecordingReplyPusher implements ReplyPusher {

    /** One push: to which connection, what. */
    public record Push(ConnectionId requester, Reply reply) {
    }

    private final List<Push> pushes = new CopyOnWriteArrayList<>();
    private volatile ReplyOutcome outcome = ReplyOutcome.DELIVERED;

    /** The outcome of every later push. */
    public void answer(ReplyOutcome next) {
        this.outcome = next;
    }

    @Override
    public CompletableFuture<ReplyOutcome> push(ConnectionId requester, Reply reply) {
        pushes.add(new Push(requester, reply));
        return CompletableFuture.completedFuture(outcome);
    }

    public List<Push> pushes() {
        return List.copyOf(pushes);
    }
}
