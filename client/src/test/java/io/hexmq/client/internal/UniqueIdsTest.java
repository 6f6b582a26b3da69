package io.hexmq.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UniqueIdsTest {

    private static final long NOW = ZonedDateTime.of(2025, 3, 2, 0, 0, 1, 0, ZoneId.systemDefault())
            .toInstant().toEpochMilli();

    @Test
    void makes32UppercaseHexCharsStartingWithIpAndPid() {
        UniqueIds ids = new UniqueIds(new byte[] {127, 0, 0, 1}, 0x1234, 0xCAFEBABE, () -> NOW);

        String id = ids.next();

        assertThat(id).hasSize(32).matches("[0-9A-F]+").startsWith("7F0000011234CAFEBABE");
        // 1 day and 1 second since the month began
        assertThat(id.substring(20, 28)).isEqualTo(String.format("%08X", 86_401_000));
    }

    @Test
    void neverRepeatsWithinOneMillisecond() {
        UniqueIds ids = new UniqueIds(new byte[] {10, 0, 0, 1}, 1, 2, () -> NOW);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(ids.next())).isTrue();
        }
    }
}
