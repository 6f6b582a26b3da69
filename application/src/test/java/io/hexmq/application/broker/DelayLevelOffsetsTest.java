package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryDelayProgressStore;
import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.topic.SystemTopics;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What GET_BROKER_RUNTIME_INFO's scheduleMessageOffset_<level> keys read. */
class DelayLevelOffsetsTest {

    private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final InMemoryMessageStore store = new InMemoryMessageStore(HOST, clock);
    private final InMemoryDelayProgressStore progress = new InMemoryDelayProgressStore();
    private final DelayLevelOffsets offsets = new DelayLevelOffsets(progress, store, DelayLevels.parse("1s 5s 10s"));

    private void park(int queueId) {
        store.start();
        store.append(new Message(SystemTopics.SCHEDULE_TOPIC.value(), queueId, 0, new byte[] {1}, "", 0,
                clock.millis(), HOST, 0, 0));
    }

    @Test
    void namesEachLevelWithProgress_withWhereItDeliversFromAndWhereItsQueueEnds() {
        park(1);
        park(1);
        park(1);
        progress.save(new DelayProgress(Map.of(2, 1L, 3, 0L)));

        assertThat(offsets.read()).containsExactly(
                Map.entry(2, new DelayLevelOffsets.Level(1, 3)),
                Map.entry(3, new DelayLevelOffsets.Level(0, 0)));
    }

    @Test
    void isEmpty_beforeAnyLevelHasProgress_andSkipsLevelsTheTableNoLongerHas() {
        assertThat(offsets.read()).isEmpty();

        progress.save(new DelayProgress(Map.of(18, 4L)));

        assertThat(offsets.read()).isEmpty();
    }

    @Test
    void runtimeInfo_reportsThemAsRocketMQsScheduleMessageOffsetKeys() {
        park(0);
        progress.save(new DelayProgress(Map.of(1, 1L)));
        RuntimeGauges gauges = RuntimeGauges.builder().delayLevels(offsets::read).build();

        Map<String, String> table = new GetBrokerRuntimeInfo(new BrokerStatistics(clock, ZoneOffset.UTC),
                gauges, clock, clock.millis()).get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("scheduleMessageOffset_1", "1,1").doesNotContainKey("scheduleMessageOffset_2");
    }
}
