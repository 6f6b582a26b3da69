package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;

/**
 * One popped message not yet acked: the group holds it invisible to the others until
 * {@link #deadlineMillis()}. A checkpoint is named by its message (group, topic, queue, offset) and
 * told apart from an earlier one of the same message by its {@code popTime}, which the consumer hands
 * back with its ack, so a late ack of an earlier delivery cannot remove a later one.
 *
 * @param topic         the topic the message is stored in: the consumed topic, or the group's POP retry
 *                      topic for a redelivery
 * @param popTime       when it was popped (or its invisible time last changed), epoch ms
 * @param invisibleTime how long after {@code popTime} it stays invisible, ms
 * @param orderly       popped in order: its queue hands out nothing else of the group until it is acked
 *                      or becomes visible again, and then the same message is handed out again in place
 * @param attempts      for an orderly checkpoint, how many times the message was handed out before (to other
 *                      receives: a retry of the receive of the same {@code attemptId} does not count)
 * @param batchEnd      for an orderly checkpoint, the offset after the pop that handed it out: where the
 *                      group's offset goes once every message of that pop is acked
 * @param attemptId     for an orderly checkpoint, the client's id of the receive that popped it (RocketMQ's
 *                      attemptId), which a retry of that receive sends again; null when it sent none
 */
public record PopCheckpoint(GroupName group, TopicName topic, int queueId, long offset, long popTime,
        long invisibleTime, boolean orderly, int attempts, long batchEnd, String attemptId) {

    public PopCheckpoint {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(topic, "topic");
        if (queueId < 0 || offset < 0 || invisibleTime < 0 || attempts < 0) {
            throw new IllegalArgumentException("queueId, offset, invisibleTime and attempts are 0 or more: "
                    + queueId + ", " + offset + ", " + invisibleTime + ", " + attempts);
        }
    }

    /** A checkpoint popped without an attempt id. */
    public PopCheckpoint(GroupName group, TopicName topic, int queueId, long offset, long popTime, long invisibleTime,
            boolean orderly, int attempts, long batchEnd) {
        this(group, topic, queueId, offset, popTime, invisibleTime, orderly, attempts, batchEnd, null);
    }

    /** An unordered checkpoint. */
    public static PopCheckpoint unordered(GroupName group, TopicName topic, int queueId, long offset, long popTime,
            long invisibleTime) {
        return new PopCheckpoint(group, topic, queueId, offset, popTime, invisibleTime, false, 0, offset + 1);
    }

    /** When the message becomes visible again, epoch ms. */
    public long deadlineMillis() {
        return popTime + invisibleTime;
    }

    /** Whether this checkpoint is of the message at that place. */
    public boolean isOf(GroupName group, TopicName topic, int queueId, long offset) {
        return this.offset == offset && this.queueId == queueId && this.group.equals(group) && this.topic.equals(topic);
    }

    /** Whether this checkpoint was popped by the receive of {@code attemptId} (never when either is null). */
    public boolean ofAttempt(String attemptId) {
        return attemptId != null && attemptId.equals(this.attemptId);
    }

    /** This checkpoint, popped by the receive of {@code attemptId}. */
    public PopCheckpoint withAttemptId(String attemptId) {
        return new PopCheckpoint(group, topic, queueId, offset, popTime, invisibleTime, orderly, attempts, batchEnd,
                attemptId);
    }

    /** Whether this and {@code other} hold the same queue of the same group. */
    boolean sameQueue(GroupName group, TopicName topic, int queueId) {
        return this.queueId == queueId && this.group.equals(group) && this.topic.equals(topic);
    }

    /** This checkpoint, invisible from {@code popTime} for {@code invisibleTime}. */
    public PopCheckpoint withInvisibility(long popTime, long invisibleTime) {
        return new PopCheckpoint(group, topic, queueId, offset, popTime, invisibleTime, orderly, attempts, batchEnd,
                attemptId);
    }
}
