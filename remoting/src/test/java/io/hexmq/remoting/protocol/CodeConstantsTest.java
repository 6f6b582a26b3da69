package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;
import org.apache.rocketmq.common.MQVersion;
import org.junit.jupiter.api.Test;

/** Every code hexmq names has the official name and value. */
class CodeConstantsTest {

    @Test
    void requestCodes_matchTheOfficialNamesAndValues() throws Exception {
        assertThat(intConstants(org.apache.rocketmq.remoting.protocol.RequestCode.class))
                .containsAllEntriesOf(intConstants(RequestCode.class));
    }

    @Test
    void hexmqsOwnRequestCodes_lieBeyondEveryOfficialOne() throws Exception {
        int highestOfficial = intConstants(org.apache.rocketmq.remoting.protocol.RequestCode.class).values().stream()
                .mapToInt(Integer::intValue).max().orElseThrow();
        Map<String, Integer> ours = intConstants(HexmqRequestCodes.class);

        assertThat(HexmqRequestCodes.FIRST).isGreaterThan(highestOfficial);
        assertThat(ours.values()).allSatisfy(code -> assertThat(code).isGreaterThanOrEqualTo(HexmqRequestCodes.FIRST));
        assertThat(ours.keySet()).doesNotContainAnyElementsOf(
                intConstants(org.apache.rocketmq.remoting.protocol.RequestCode.class).keySet());
    }

    @Test
    void responseCodes_matchTheOfficialNamesAndValues() throws Exception {
        assertThat(intConstants(org.apache.rocketmq.remoting.protocol.ResponseCode.class))
                .containsAllEntriesOf(intConstants(ResponseCode.class));
    }

    @Test
    void protocolVersions_areTheOfficialVersionOrdinals() throws Exception {
        Map<String, Integer> ours = intConstants(ProtocolVersion.class);
        ours.remove("CURRENT");

        ours.forEach((name, value) ->
                assertThat(MQVersion.Version.valueOf(name).ordinal()).as(name).isEqualTo(value));
        assertThat(ProtocolVersion.CURRENT).isEqualTo(MQVersion.Version.V5_3_3.ordinal()).isEqualTo(479);
    }

    @Test
    void languageCodes_matchTheOfficialBytesAndNames() {
        for (LanguageCode language : LanguageCode.values()) {
            assertThat(org.apache.rocketmq.remoting.protocol.LanguageCode.valueOf(language.name()).getCode())
                    .as(language.name()).isEqualTo(language.code());
        }
        assertThat(LanguageCode.values()).hasSize(org.apache.rocketmq.remoting.protocol.LanguageCode.values().length);
    }

    private static Map<String, Integer> intConstants(Class<?> type) throws IllegalAccessException {
        Map<String, Integer> constants = new TreeMap<>();
        for (Field field : type.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                constants.put(field.getName(), field.getInt(null));
            }
        }
        return constants;
    }
}
