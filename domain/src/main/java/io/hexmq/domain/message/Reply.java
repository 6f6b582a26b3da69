package io.hexmq.domain.message;

import java.util.Objects;

/**
 * A reply of request-reply as the broker hands it to the requesting client: the replier's send, as it
 * arrived (protocol.md §2.3.12), plus the hosts and the time the broker adds. Nothing here is read by
 * the broker after it is built; the requester matches the reply by its {@code CORRELATION_ID} property.
 *
 * @param queueId        the queue the replier asked for (negative: the broker's choice), as sent
 * @param sysFlag        {@link MessageSysFlag} bits as sent, so the requester knows whether to decompress
 * @param properties     encoded properties ({@link MessageProperties}), with {@code PUSH_REPLY_TIME} added
 * @param bornHost       the replier's address
 * @param storeHost      this broker's address
 * @param storeTimestamp when the broker handed the reply on, ms
 * @param body           the body, shared and not copied (as in {@link Message})
 */
public record Reply(
        String producerGroup,
        String topic,
        String defaultTopic,
        int defaultTopicQueueNums,
        int queueId,
        int sysFlag,
        long bornTimestamp,
        int flag,
        String properties,
        int reconsumeTimes,
        boolean unitMode,
        HostAddress bornHost,
        HostAddress storeHost,
        long storeTimestamp,
        byte[] body) {

    /** The property naming the requester's client id; replies are routed by it. */
    public static final String REPLY_TO_CLIENT = "REPLY_TO_CLIENT";
    /** The property the broker adds: when it pushed the reply, ms. */
    public static final String PUSH_REPLY_TIME = "PUSH_REPLY_TIME";

    public Reply {
        Objects.requireNonNull(producerGroup, "producerGroup");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(defaultTopic, "defaultTopic");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(bornHost, "bornHost");
        Objects.requireNonNull(storeHost, "storeHost");
        Objects.requireNonNull(body, "body");
    }
}
