package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HeaderReaderTest {

    private final HeaderReader header = RemotingCommand.request(RequestCode.REGISTER_BROKER)
            .extField("brokerName", "broker-a")
            .extField("brokerId", 0)
            .extField("bodyCrc32", -17)
            .extField("compressed", "TRUE")
            .extField("queueId", "x1")
            .build()
            .header();

    @Test
    void readsPresentFields_asTheirTypes() {
        assertThat(header.requiredString("brokerName")).isEqualTo("broker-a");
        assertThat(header.requiredLong("brokerId")).isZero();
        assertThat(header.requiredInt("bodyCrc32")).isEqualTo(-17);
        assertThat(header.requiredBoolean("compressed")).isTrue();
        assertThat(header.optionalString("brokerName")).contains("broker-a");
        assertThat(header.has("brokerName")).isTrue();
    }

    @Test
    void returnsDefaults_whenOptionalFieldsAreAbsent() {
        assertThat(header.optionalString("zone")).isEmpty();
        assertThat(header.optionalInt("epoch", 3)).isEqualTo(3);
        assertThat(header.optionalLong("heartbeatTimeoutMillis", 120_000L)).isEqualTo(120_000L);
        assertThat(header.optionalBoolean("enableActingMaster", false)).isFalse();
    }

    @Test
    void throwsMissingField_namingIt_whenARequiredFieldIsAbsent() {
        assertThatThrownBy(() -> header.requiredString("clusterName"))
                .isInstanceOf(MissingHeaderFieldException.class)
                .hasMessageContaining("'clusterName'")
                .extracting(e -> ((HeaderFieldException) e).field()).isEqualTo("clusterName");
        assertThatThrownBy(() -> header.requiredLong("maxOffset")).isInstanceOf(MissingHeaderFieldException.class);
    }

    @Test
    void throwsInvalidField_namingIt_whenANumberIsMalformed() {
        assertThatThrownBy(() -> header.requiredInt("queueId"))
                .isInstanceOf(InvalidHeaderFieldException.class)
                .hasMessageContaining("'queueId'").hasMessageContaining("x1");
        assertThatThrownBy(() -> header.optionalLong("queueId", 1L)).isInstanceOf(InvalidHeaderFieldException.class);
        assertThatThrownBy(() -> header.requiredBoolean("brokerName"))
                .isInstanceOf(InvalidHeaderFieldException.class)
                .hasMessageContaining("'brokerName'");
    }
}
