package io.hexmq.application.message;

/**
 * The broker settings of request-reply, under RocketMQ's property names.
 *
 * @param storeReplyMessageEnable a reply is also stored in its reply topic, not only pushed to the
 *                                requester (RocketMQ's default: true)
 */
public record ReplySettings(boolean storeReplyMessageEnable) {

    public static ReplySettings defaults() {
        return new ReplySettings(true);
    }
}
