package io.hexmq.client;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stored message as a broker returned it (look-ups by id or key; consumers later).
 *
 * @param topic           the topic
 * @param queueId         its queue
 * @param queueOffset     its offset in the queue
 * @param msgId           the {@code UNIQ_KEY} its producer gave it, or {@link #offsetMsgId} when it has none
 * @param offsetMsgId     store host and commit-log offset, hex ({@link Admin#viewMessage(String)})
 * @param commitLogOffset where the broker's commit log holds it
 * @param body            the body, decompressed
 * @param properties      every property, system ones ({@code TAGS}, {@code KEYS}, {@code UNIQ_KEY}, ...) included
 * @param flag            the user flag
 * @param bornTimestamp   the producer's clock when sent, ms
 * @param bornHost        the producer's address, {@code ip:port}
 * @param storeTimestamp  the broker's clock when stored, ms
 * @param storeHost       the broker's address, {@code ip:port}
 * @param reconsumeTimes  how often it was redelivered
 */
public record ReceivedMessage(String topic, int queueId, long queueOffset, String msgId, String offsetMsgId,
                              long commitLogOffset, byte[] body, Map<String, String> properties, int flag,
                              long bornTimestamp, String bornHost, long storeTimestamp, String storeHost,
                              int reconsumeTimes) {

    public ReceivedMessage {
        properties = Map.copyOf(properties);
    }

    public Optional<String> tags() {
        return Optional.ofNullable(properties.get("TAGS"));
    }

    /** The keys, split at spaces; empty when none. */
    public List<String> keys() {
        String keys = properties.get("KEYS");
        return keys == null || keys.isBlank() ? List.of() : List.of(keys.trim().split(" +"));
    }

    /** The body as UTF-8 text. */
    public String bodyAsString() {
        return new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Leaves the body out: it may be large or sensitive. */
    @Override
    public String toString() {
        return "ReceivedMessage[topic=" + topic + ", queueId=" + queueId + ", queueOffset=" + queueOffset
                + ", msgId=" + msgId + ", offsetMsgId=" + offsetMsgId + ", bodyLength=" + body.length
                + ", properties=" + properties + "]";
    }
}
