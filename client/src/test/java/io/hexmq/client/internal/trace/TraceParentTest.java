package io.hexmq.client.internal.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceParentTest {

    @Test
    void aCreatedTraceparent_isW3CVersion00Sampled_withFreshIds() {
        String first = TraceParent.create();
        String second = TraceParent.create();

        assertThat(first).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        assertThat(first).doesNotContain("-00000000000000000000000000000000-").doesNotContain("-0000000000000000-");
        assertThat(TraceParent.isWellFormed(first)).isTrue();
        assertThat(second.substring(3, 35)).isNotEqualTo(first.substring(3, 35));
    }

    @Test
    void aMessageWithoutTraceparent_getsOne_andOneTheUserSet_isKept() {
        assertThat(TraceParent.propertyFor(Map.of("region", "eu")).get(TraceParent.PROPERTY))
                .satisfies(value -> assertThat(TraceParent.isWellFormed(value)).isTrue());
        assertThat(TraceParent.propertyFor(Map.of(TraceParent.PROPERTY, "00-user-set"))).isEmpty();
    }
}
