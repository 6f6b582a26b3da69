package io.hexmq.domain.consumer;

import java.util.Objects;

/**
 * What came back when the broker asked one client something on an admin's behalf
 * (GET_CONSUMER_RUNNING_INFO, CONSUME_MESSAGE_DIRECTLY). The broker does not read the client's body: it
 * hands it to the admin as it came.
 *
 * @param body   the client's answer when {@link Status#ANSWERED}, else empty
 * @param remark why not, in words an admin can read (the client's own words when {@link Status#REFUSED});
 *               empty when answered
 */
public record ClientAnswer(Status status, byte[] body, String remark) {

    public enum Status {
        ANSWERED,
        /** The client answered, but with an error of its own (for instance: it has no such group). */
        REFUSED,
        /** The client is not a member of the group, or its connection is gone. */
        NOT_ONLINE,
        /** The client did not answer in time. */
        TIMED_OUT,
        /** The request could not be sent, or the connection closed before the answer. */
        FAILED
    }

    public ClientAnswer {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(remark, "remark");
        if (status == Status.ANSWERED && !remark.isEmpty()) {
            throw new IllegalArgumentException("an answer carries no remark: " + remark);
        }
    }

    public static ClientAnswer answered(byte[] body) {
        return new ClientAnswer(Status.ANSWERED, body, "");
    }

    /** The answer for a client that is not a member of {@code group} on this broker. */
    public static ClientAnswer notOnline(GroupName group, ClientId clientId) {
        return unanswered(Status.NOT_ONLINE, "consumer " + clientId + " of group " + group + " is not online");
    }

    public static ClientAnswer unanswered(Status status, String remark) {
        if (status == Status.ANSWERED) {
            throw new IllegalArgumentException("an unanswered call needs another status than " + status);
        }
        return new ClientAnswer(status, new byte[0], remark);
    }
}
