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
    void acceptsHostNames_reportedByBroker() {
        assertThat(TopicName.reportedByBroker("broker-a.example.com").value()).isEqualTo("broker-a.example.com");
        assertThat(TopicName.reportedByBroker("10.0.0.7:10911_REPLY_TOPIC").value())
                .isEqualTo("10.0.0.7:10911_REPLY_TOPIC");
    }

    @Test
    void keepsTheStrictRule_forClientCreatedNames_evenWhenBrokersMayReportTheName() {
        assertThat(TopicName.reportedByBroker("host.example")).isNotNull();
        assertThatThrownBy(() -> new TopicName("host.example")).isInstanceOf(InvalidTopicNameException.class);
    }

    @Test
    void acceptsReportedName_ofExactlyMaxReportedLength_andRejectsLonger() {
        assertThat(TopicName.reportedByBroker("h.".repeat(127) + "x").value()).hasSize(TopicName.MAX_REPORTED_LENGTH);
        assertThatThrownBy(() -> TopicName.reportedByBroker("t".repeat(256)))
                .isInstanceOf(InvalidTopicNameException.class);
    }

    @Test
    void rejectsReportedName_whenBlankOrWithControlCharacters() {
        assertThatThrownBy(() -> TopicName.reportedByBroker("")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> TopicName.reportedByBroker("  ")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> TopicName.reportedByBroker("a\nb")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> TopicName.reportedByBroker("a\u0000b")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> TopicName.reportedByBroker("a\u007fb")).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> TopicName.reportedByBroker(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void equalsByText_whicheverRuleAcceptedIt() {
        assertThat(TopicName.reportedByBroker("TopicTest")).isEqualTo(new TopicName("TopicTest"))
                .hasSameHashCodeAs(new TopicName("TopicTest"));
        assertThat(TopicName.reportedByBroker("a.b")).isNotEqualTo(TopicName.reportedByBroker("a.c"));
        assertThat(TopicName.reportedByBroker("a").compareTo(new TopicName("b"))).isNegative();
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
