package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicConfigTest {

    @Test
    void rejectsNegativeQueueCounts() {
        assertThatThrownBy(() -> TopicConfig.of(new TopicName("T"), -1, 4, Permission.READ_WRITE))
                .isInstanceOf(InvalidTopicConfigException.class);
    }

    @Test
    void keepsAnImmutableCopyOfItsAttributes() {
        Map<String, String> attributes = new HashMap<>(Map.of("+message.type", "NORMAL"));
        TopicConfig config = new TopicConfig(new TopicName("T"), 4, 4, Permission.READ_WRITE,
                TopicFilterType.SINGLE_TAG, 0, false, attributes);
        attributes.put("+other", "x");

        assertThat(config.attributes()).containsOnlyKeys("+message.type");
        assertThatThrownBy(() -> config.attributes().put("k", "v")).isInstanceOf(UnsupportedOperationException.class);
    }
}
