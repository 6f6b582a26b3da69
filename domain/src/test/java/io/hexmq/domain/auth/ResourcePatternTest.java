package io.hexmq.domain.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResourcePatternTest {

    @Test
    void readsAndWritesACL2Notation() {
        for (String text : new String[] {"*", "Topic:*", "Topic:order-*", "Group:g1", "Cluster:*"}) {
            assertThat(ResourcePattern.parse(text).text()).isEqualTo(text);
        }
        assertThat(ResourcePattern.parse("Cluster").text()).isEqualTo("Cluster:*");
    }

    @Test
    void matchesByTypeAndName() {
        assertThat(ResourcePattern.parse("*").matches(Resource.group("g"))).isTrue();
        assertThat(ResourcePattern.parse("Topic:*").matches(Resource.group("g"))).isFalse();
        assertThat(ResourcePattern.parse("Group:g").matches(Resource.group("g"))).isTrue();
        assertThat(ResourcePattern.parse("Group:g").matches(Resource.group("g2"))).isFalse();
        assertThat(ResourcePattern.parse("Group:g*").matches(Resource.group("g2"))).isTrue();
    }

    @Test
    void rejectsUnknownTypesAndEmptyNames() {
        assertThatThrownBy(() -> ResourcePattern.parse("Queue:q")).isInstanceOf(InvalidAuthDataException.class);
        assertThatThrownBy(() -> ResourcePattern.parse("Topic:")).isInstanceOf(InvalidAuthDataException.class);
    }
}
