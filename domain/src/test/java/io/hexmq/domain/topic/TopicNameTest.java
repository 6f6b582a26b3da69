package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopicNameTest {

    @Test
    void acceptsRetryDlqAndNamespacedNames() {
        assertThat(new TopicName("%RETRY%group_1").value()).isEqualTo("%RETRY%group_1");
        assertThat(new TopicName("%DLQ%ns%group-a").value()).isEqualTo("%DLQ%ns%group-a");
        assertThat(new TopicName("a|b").value()).isEqualTo("a|b");
    }

    @Test
    void acceptsName_ofExactlyMaxLength() {
        assertThat(new TopicName("t".repeat(TopicName.MAX_LENGTH)).value()).hasSize(127);
    }

    @Test
    void rejectsName_longerThanMaxLength() {
        assertThatThrownBy(() -> new TopicName("t".repeat(128))).isInstanceOf(InvalidTopicNameException.class);
    }

    @Test
    void rejectsName_whenEmptyOrWithIllegalCharacters() {
        assertThatThrownBy(() -> new TopicName("")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> new TopicName("a.b")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> new TopicName("a b")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> new TopicName("ä")).isInstanceOf(InvalidTopicNameException.class);
    }

    @Test
    void reportsWhyANameIsIllegal_withoutThrowing() {
        assertThat(TopicName.validationProblem("a.b")).hasValueSatisfying(
                problem -> assertThat(problem).contains("illegal character"));
        assertThat(TopicName.validationProblem("t".repeat(128))).isPresent();
        assertThat(TopicName.validationProblem(null)).isPresent();
        assertThat(TopicName.validationProblem("TopicTest")).isEmpty();
    }
}
