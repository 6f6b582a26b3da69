package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    private static List<String> bodies(QueryResult result) {
        return result.messages().stream()
                .map(record -> new String(StoredMessage.decode(record.duplicate()).body())).toList();
    }

    private QueryResult query(String key, int maxNum, boolean uniqueKey) {
        return queryMessages.query(new QueryMessages.Query(TOPIC, key, maxNum, 0, Long.MAX_VALUE, uniqueKey));
    }

    @Test
    void findsByAUserKey_orByTheUniqueKey_asAsked() {
        send("a", "X", "U-1");
        send("b", "U-1", "U-2");

        assertThat(bodies(query("U-1", 32, true))).containsExactly("a");
        assertThat(bodies(query("U-1", 32, false))).containsExactly("b");
    }

    @Test
    void capsMaxNumAt64_andIgnoresItForAUniqueKey() {
        for (int i = 0; i < 70; i++) {
            send("m" + i, "k", "U-" + i);
        }

        assertThat(query("k", 1000, false).messages()).hasSize(QueryMessages.MAX_NUM);
        assertThat(query("k", 3, false).messages()).hasSize(3);
        assertThat(query("U-5", 0, true).messages()).hasSize(1);
    }

    @Test
    void refusesAQueryWithoutTopicOrKey() {
        assertThatThrownBy(() -> new QueryMessages.Query(" ", "k", 1, 0, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new QueryMessages.Query(TOPIC, "", 1, 0, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
