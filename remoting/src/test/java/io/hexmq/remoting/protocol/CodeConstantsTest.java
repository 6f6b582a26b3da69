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

    /**
     * Codes RocketMQ added after the release the tests run against (5.3.3), as RocketMQ 5.5.0's RequestCode names
     * them; hexmq answers them because the 5.5.0 mqadmin sends them.
     */
    private static final Map<String, Integer> SINCE_5_3_3 = Map.of("SWITCH_TIMER_ENGINE", 5001,
            "GET_BROKER_LITE_INFO", 200_074);

    @Test
    void requestCodes_matchTheOfficialNamesAndValues() throws Exception {
        Map<String, Integer> official = intConstants(org.apache.rocketmq.remoting.protocol.RequestCode.class);
        assertThat(official).doesNotContainKeys(SINCE_5_3_3.keySet().toArray(String[]::new));
        official.putAll(SINCE_5_3_3);

        assertThat(official).containsAllEntriesOf(intConstants(RequestCode.class));
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
        assertThat(ProtocolVersion.CURRENT).isEqualTo(MQVersion.Version.V5_5_0.ordinal()).isEqualTo(513);
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
