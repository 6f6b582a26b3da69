package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
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

    @Test
    void readsAFieldUnderItsNameInTheReadersSpelling() {
        HeaderField<Integer> queueId = HeaderField.requiredInt("queueId").compact("e");
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).extField("e", 3).build();

        assertThat(request.header(HeaderSpelling.COMPACT).intOf(queueId)).isEqualTo(3);
        assertThat(request.header(HeaderSpelling.COMPACT).has(queueId)).isTrue();
        assertThat(request.header().has(queueId)).isFalse();
    }

    @Test
    void readsAnAbsentOptionalField_asTheFieldSays() {
        assertThat(header.stringOf(HeaderField.optionalString("zone", "none"))).isEqualTo("none");
        assertThat(header.intOf(HeaderField.optionalInt("epoch", 3))).isEqualTo(3);
        assertThat(header.longOf(HeaderField.optionalLong("heartbeatTimeoutMillis", 120_000L))).isEqualTo(120_000L);
        assertThat(header.booleanOf(HeaderField.optionalBoolean("enableActingMaster", true))).isTrue();
        assertThat(header.longOf(HeaderField.optionalLong("brokerId", 7))).isZero();
    }

    @Test
    void refusesAnAbsentRequiredField_namingIt() {
        assertThatThrownBy(() -> header.stringOf(HeaderField.requiredString("clusterName")))
                .isInstanceOf(MissingHeaderFieldException.class)
                .hasMessageContaining("'clusterName'");
        assertThatThrownBy(() -> header.intOf(HeaderField.requiredInt("queueId")))
                .isInstanceOf(InvalidHeaderFieldException.class);
    }

    @Test
    void writesFieldsUnderTheirNamesInTheBuildersSpelling() {
        HeaderField<String> topic = HeaderField.requiredString("topic").compact("b");
        HeaderField<Boolean> batch = HeaderField.optionalBoolean("batch", false).compact("m");

        RemotingCommand full = RemotingCommand.request(RequestCode.SEND_MESSAGE)
                .extField(topic, "T").extField(batch, true).build();
        RemotingCommand compact = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).spelling(HeaderSpelling.COMPACT)
                .extField(topic, "T").extField(batch, true).build();

        assertThat(full.extFields()).containsExactly(Map.entry("topic", "T"), Map.entry("batch", "true"));
        assertThat(compact.extFields()).containsExactly(Map.entry("b", "T"), Map.entry("m", "true"));
    }
}
