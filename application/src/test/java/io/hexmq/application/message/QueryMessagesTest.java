package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.StoredMessage;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryMessagesTest {

    private static final String TOPIC = MessageBroker.TOPIC;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);
    private final QueryMessages queryMessages = new QueryMessages(mb.store);

    private void send(String body, String keys, String uniqueKey) {
        joined(mb.sendMessage.send(MessageBroker.send(TOPIC, 0, body,
                MessageBroker.properties(MessageProperties.KEYS, keys, MessageProperties.UNIQ_KEY, uniqueKey))));
    }

    private void sendTagged(String body, String tag, String keys) {
        joined(mb.sendMessage.send(MessageBroker.send(TOPIC, 0, body,
                MessageBroker.properties(MessageProperties.TAGS, tag, MessageProperties.KEYS, keys))));
    }

    private static List<String> bodies(QueryResult result) {
        return result.messages().stream()
                .map(record -> new String(StoredMessage.decode(record.duplicate()).body())).toList();
    }

    private QueryResult query(IndexType type, String key, int maxNum) {
        return queryMessages.query(new QueryMessages.Query(TOPIC, type, key, maxNum, 0, Long.MAX_VALUE));
    }

    @Test
    void findsByAUserKey_orByTheUniqueKey_asAsked() {
        send("a", "X", "U-1");
        send("b", "U-1", "U-2");

        assertThat(bodies(query(IndexType.UNIQUE_KEY, "U-1", 32))).containsExactly("a");
        assertThat(bodies(query(IndexType.KEYS, "U-1", 32))).containsExactly("b");
    }

    @Test
    void findsByTheTag_whenAskedTo_andNotByAKeyOfTheSameText() {
        sendTagged("a", "TagA", "k");
        sendTagged("b", "TagB", "TagA");

        assertThat(bodies(query(IndexType.TAG, "TagA", 32))).containsExactly("a");
        assertThat(bodies(query(IndexType.KEYS, "TagA", 32))).containsExactly("b");
        assertThat(query(IndexType.TAG, "k", 32).messages()).isEmpty();
    }

    @Test
    void capsMaxNumAt64_andIgnoresItForAUniqueKey() {
        for (int i = 0; i < 70; i++) {
            send("m" + i, "k", "U-" + i);
        }

        assertThat(query(IndexType.KEYS, "k", 1000).messages()).hasSize(QueryMessages.MAX_NUM);
        assertThat(query(IndexType.KEYS, "k", 3).messages()).hasSize(3);
        assertThat(query(IndexType.UNIQUE_KEY, "U-5", 0).messages()).hasSize(1);
    }

    @Test
    void refusesAQueryWithoutTopicOrKey() {
        assertThatThrownBy(() -> new QueryMessages.Query(" ", IndexType.KEYS, "k", 1, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QueryMessages.Query(TOPIC, IndexType.KEYS, "", 1, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QueryMessages.Query(TOPIC, null, "k", 1, 0, 1))
                .isInstanceOf(NullPointerException.class);
    }
}
