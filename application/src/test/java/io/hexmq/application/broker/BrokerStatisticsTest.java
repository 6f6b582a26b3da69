package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerStatisticsTest {

    private static final long MIDNIGHT = 1_700_006_400_000L; // 2023-11-15T00:00:00Z

    private final ManualClock clock = new ManualClock(MIDNIGHT + 3_600_000);
    private static final TopicGroup KEY = new TopicGroup(new TopicName("T"), new GroupName("G"));

    private final BrokerStatistics statistics = new BrokerStatistics(clock, ZoneOffset.UTC);

    @Test
    void reportsRatesOverTheLastTenSecondsMinuteAndTenMinutes() {
        for (int second = 0; second < 60; second++) {
            statistics.sample();
            statistics.recordPut("T", second < 50 ? 0 : 10, 0);
            statistics.recordGet(KEY, 2, 0);
            clock.advanceMillis(1000);
        }

        BrokerStatistics.Snapshot snapshot = statistics.snapshot();

        assertThat(snapshot.putTotal()).isEqualTo(100);
        assertThat(snapshot.putTps()[0]).isEqualTo(10.0);
        assertThat(snapshot.putTps()[1]).isEqualTo(100 / 60.0);
        assertThat(snapshot.getTps()[0]).isEqualTo(2.0);
        assertThat(GetBrokerRuntimeInfo.rates(snapshot.putTps())).isEqualTo("10.00 1.67 1.67");
    }

    @Test
    void rollsTheMorningTotals_atMidnight() {
        statistics.recordPut("T", 5, 0);
        statistics.sample();
        clock.set(MIDNIGHT + 86_400_000 + 1);
        statistics.recordPut("T", 3, 0);
        statistics.sample();
        statistics.recordPut("T", 1, 0);

        BrokerStatistics.Snapshot snapshot = statistics.snapshot();

        assertThat(snapshot.putTotalYesterdayMorning()).isZero();
        assertThat(snapshot.putTotalTodayMorning()).isEqualTo(8);
        assertThat(snapshot.putTotal()).isEqualTo(9);
    }

    @Test
    void runtimeInfo_namesTheFiguresMqadminReads() {
        statistics.recordPut("T", 4, 0);
        RuntimeGauges gauges = RuntimeGauges.builder().sendThreadPoolQueue(() -> 3, () -> 7)
                .commitLogDiskRatio(() -> 0.25).build();

        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, gauges, clock, MIDNIGHT)
                .get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("msgPutTotalTodayNow", "4").containsEntry("sendThreadPoolQueueSize", "3")
                .containsEntry("sendThreadPoolQueueHeadWaitTimeMills", "7").containsEntry("pullThreadPoolQueueSize", "0")
                .containsEntry("commitLogDiskRatio", "0.25").containsEntry("brokerActive", "true")
                .containsEntry("runtime", "[ 0 days, 1 hours, 0 minutes, 0 seconds ]")
                .containsKeys("putTps", "getTransferredTps", "msgGetTotalTodayNow", "msgPutTotalYesterdayMorning",
                        "msgPutTotalTodayMorning", "earliestMessageTimeStamp");
    }
}
