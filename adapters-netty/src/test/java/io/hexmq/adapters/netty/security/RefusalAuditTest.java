package io.hexmq.adapters.netty.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.SubstituteLogger;

class RefusalAuditTest {

    private static final InetSocketAddress FROM = new InetSocketAddress("127.0.0.1", 4000);

    private final ManualClock clock = new ManualClock(10_000);
    private final ConcurrentLinkedQueue<SubstituteLoggingEvent> lines = new ConcurrentLinkedQueue<>();
    private final RefusalAudit audit = new RefusalAudit(clock, 1_000, 3, new SubstituteLogger("audit", lines, false));

    private List<String> messages() {
        List<String> messages = new ArrayList<>();
        lines.forEach(line -> messages.add(line.getMessage()));
        return messages;
    }

    @Test
    void writesAtMostItsLinesPerWindow_thenCountsWhatItLeftOut() {
        for (int i = 0; i < 1_000; i++) {
            audit.refused(10, FROM, "eve", "User:eve is not found.");
        }
        assertThat(lines).hasSize(3);

        clock.advanceMillis(1_000);
        audit.refused(10, FROM, "eve", "User:eve is not found.");

        assertThat(messages()).hasSize(5);
        assertThat(messages().get(3)).contains("more refused requests were not logged");
        assertThat(new ArrayList<>(lines).get(3).getArgumentArray()[0]).isEqualTo(997L);
    }

    @Test
    void cutsLongClaimedNames_andReplacesControlCharacters() {
        audit.refused(10, FROM, "x".repeat(500) + "\n", "User:... is not found.");

        String claimed = (String) lines.peek().getArgumentArray()[2];
        assertThat(claimed).hasSizeLessThan(80).doesNotContain("\n");
    }
}
