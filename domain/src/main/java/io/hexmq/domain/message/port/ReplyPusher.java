package io.hexmq.domain.message.port;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import java.util.concurrent.CompletableFuture;

/**
 * Hands a reply of request-reply to the client that asked (PUSH_REPLY_MESSAGE_TO_CLIENT), over the
 * connection that client heartbeats on, and waits for the client to confirm it.
 *
 * <p>Promises: the returned future always completes normally, with the outcome; it never fails. It
 * completes once the client answered, the connection turned out to be gone, or the push timed out
 * (10 s for RocketMQ's clients), so the caller need not block a thread while it waits. Costs one
 * request on the client's connection per reply. Nothing is remembered: after a broker crash a reply
 * not yet confirmed is lost for the requester, who times out (a stored copy stays in the reply topic).
 */
public interface ReplyPusher {

    CompletableFuture<ReplyOutcome> push(ConnectionId requester, Reply reply);
}
