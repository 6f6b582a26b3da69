package io.hexmq.adapters.file;

import io.hexmq.domain.message.MessageLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The topic of a stored record as a String, remembering the last one: consecutive records mostly share
 * their topic, so comparing its bytes builds no String. For one thread at a time.
 */
final class TopicNames {

    private byte[] lastTopicBytes = new byte[0];
    private String lastTopic = "";

    String topicOf(ByteBuffer buffer, int position) {
        int lengthAt = MessageLayout.topicLengthIndex(buffer, position);
        int length = buffer.get(lengthAt) & 0xFF;
        if (length == lastTopicBytes.length) {
            int i = 0;
            while (i < length && buffer.get(lengthAt + 1 + i) == lastTopicBytes[i]) {
                i++;
            }
            if (i == length) {
                return lastTopic;
            }
        }
        lastTopic = MessageLayout.topic(buffer, position);
        lastTopicBytes = lastTopic.getBytes(StandardCharsets.UTF_8);
        return lastTopic;
    }
}
