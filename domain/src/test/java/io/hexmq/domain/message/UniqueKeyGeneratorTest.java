package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UniqueKeyGeneratorTest {

    private static final ZoneId ZONE = ZoneOffset.UTC;
    private static final long NOW = ZonedDateTime.of(2025, 3, 2, 0, 0, 1, 0, ZONE).toInstant().toEpochMilli();

    @Test
    void makes32UppercaseHexCharsStartingWithIpPidAndInstance() {
        UniqueKeyGenerator keys = new UniqueKeyGenerator(new byte[] {127, 0, 0, 1}, 0x1234, 0xCAFEBABE, () -> NOW, ZONE);

        String key = keys.next();

        assertThat(key).hasSize(32).matches("[0-9A-F]+").startsWith("7F0000011234CAFEBABE");
        // 1 day and 1 second since the month began
        assertThat(key.substring(20, 28)).isEqualTo(String.format("%08X", 86_401_000));
    }

    @Test
    void leadsWithAllSixteenBytes_ofAnIpv6Host() {
        byte[] ip = new byte[16];
        ip[15] = 1;
        UniqueKeyGenerator keys = new UniqueKeyGenerator(ip, 1, 2, () -> NOW, ZONE);

        assertThat(keys.next()).hasSize(56).startsWith("00000000000000000000000000000001" + "0001" + "00000002");
    }

    @Test
    void countsTheTimeFromTheStartOfTheMonthInItsZone() {
        long threeUtc = ZonedDateTime.of(2025, 3, 1, 3, 0, 0, 0, ZoneOffset.UTC).toInstant().toEpochMilli();
        UniqueKeyGenerator keys = new UniqueKeyGenerator(new byte[] {10, 0, 0, 1}, 1, 2, () -> threeUtc,
                ZoneOffset.ofHours(5));

        // 08:00 on March 1st in +05:00: eight hours into the month
        assertThat(keys.next().substring(20, 28)).isEqualTo(String.format("%08X", 8 * 3_600_000));
    }

    @Test
    void neverRepeatsWithinOneMillisecond() {
        UniqueKeyGenerator keys = new UniqueKeyGenerator(new byte[] {10, 0, 0, 1}, 1, 2, () -> NOW, ZONE);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(keys.next())).isTrue();
        }
    }
}
