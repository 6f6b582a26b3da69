package io.hexmq.domain.topic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DataVersionTest {

    @Test
    void equalsOnlyWhenAllThreePartsAreEqual() {
        DataVersion version = new DataVersion(1000, 3, 0);
        assertThat(version).isEqualTo(new DataVersion(1000, 3, 0));
        assertThat(version).isNotEqualTo(new DataVersion(1001, 3, 0));
        assertThat(version).isNotEqualTo(new DataVersion(1000, 4, 0));
        assertThat(version).isNotEqualTo(new DataVersion(1000, 3, 1));
    }

    @Test
    void next_bumpsCounterAndTimestampButKeepsStateVersion() {
        assertThat(new DataVersion(1000, 3, 7).next(2000)).isEqualTo(new DataVersion(2000, 4, 7));
    }
}
