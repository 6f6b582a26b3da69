package io.hexmq.domain.message;

/** How handing a {@link Reply} to its requester ended. */
public enum ReplyOutcome {
    /** The requester confirmed the reply. */
    DELIVERED,
    /** The requester's connection is not known (any more) or closed. */
    CONNECTION_GONE,
    /** The requester refused the reply, or the push failed or timed out. */
    FAILED
}
