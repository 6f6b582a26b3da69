package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
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
    void runtimeInfo_ratesStoreReadsThatFoundMessagesAndThatFoundNone_andCountsRefusedPuts() {
        for (int second = 0; second < 10; second++) {
            statistics.sample();
            statistics.recordGet(KEY, 3, 0);
            statistics.recordMissedRead();
            statistics.recordMissedRead();
            clock.advanceMillis(1000);
        }
        statistics.recordFailedPut();
        statistics.recordReadLatency(7);
        statistics.recordReadLatency(3);

        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, RuntimeGauges.builder().build(), clock,
                MIDNIGHT).get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("getFoundTps", "1.00 1.00 1.00").containsEntry("getMissTps", "2.00 2.00 2.00")
                .containsEntry("getTotalTps", "3.00 3.00 3.00").containsEntry("getTransferredTps", "3.00 3.00 3.00")
                .containsEntry("putMessageFailedTimes", "1").containsEntry("dispatchMaxBuffer", "0")
                .containsEntry("getMessageEntireTimeMax", "7");
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
        RuntimeGauges gauges = RuntimeGauges.builder()
                .sendPool(new RuntimeGauges.PoolQueue(() -> 3, () -> 7, () -> 10_000))
                .storeDiskRatio(() -> 0.25).build();

        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, gauges, clock, MIDNIGHT)
                .get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("msgPutTotalTodayNow", "4").containsEntry("sendThreadPoolQueueSize", "3")
                .containsEntry("sendThreadPoolQueueHeadWaitTimeMills", "7").containsEntry("pullThreadPoolQueueSize", "0")
                .containsEntry("commitLogDiskRatio", "0.25").containsEntry("brokerActive", "true")
                .containsEntry("runtime", "[ 0 days, 1 hours, 0 minutes, 0 seconds ]")
                .containsKeys("putTps", "getTransferredTps", "msgGetTotalTodayNow", "msgPutTotalYesterdayMorning",
                        "msgPutTotalTodayMorning", "earliestMessageTimeStamp");
    }

    @Test
    void runtimeInfo_reportsPutSizes_queueCapacities_andBothDiskRatios_asMqadminBrokerStatusPrintsThem() {
        statistics.recordPut("T", 4, 1_000);
        statistics.recordPut("T", 1, 250);
        RuntimeGauges.PoolQueue pull = new RuntimeGauges.PoolQueue(() -> 2, () -> 5, () -> Integer.MAX_VALUE);
        RuntimeGauges.PoolQueue admin = new RuntimeGauges.PoolQueue(() -> 1, () -> 9, () -> 64);
        RuntimeGauges gauges = RuntimeGauges.builder().pullPool(pull).adminPool(admin).storeDiskRatio(() -> 0.5)
                .storeDisk(new RuntimeGauges.DiskSpace(() -> 3L << 30, () -> 1536)).build();

        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, gauges, clock, MIDNIGHT)
                .get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("putMessageTimesTotal", "5").containsEntry("putMessageSizeTotal", "1250")
                .containsEntry("putMessageAverageSize", "250.0")
                .containsEntry("commitLogDiskRatio", "0.5").containsEntry("consumeQueueDiskRatio", "0.5")
                .containsEntry("commitLogDirCapacity", "Total : 3.0 GiB, Free : 1.5 KiB.")
                .containsEntry("pullThreadPoolQueueCapacity", "2147483647")
                .containsEntry("litePullThreadPoolQueueSize", "2").containsEntry("ackThreadPoolQueueSize", "2")
                .containsEntry("ackThreadPoolQueueHeadWaitTimeMills", "5")
                .containsEntry("queryThreadPoolQueueSize", "1").containsEntry("queryThreadPoolQueueCapacity", "64")
                .containsEntry("EndTransactionQueueSize", "1").containsEntry("EndTransactionThreadPoolQueueCapacity", "64")
                .containsEntry("sendThreadPoolQueueCapacity", "0")
                .containsEntry("remainTransientStoreBufferNumbs", "2147483647")
                .containsEntry("startAcceptSendRequestTimeStamp", "0")
                .containsEntry("putLatency99", "0.00");
    }

    @Test
    void runtimeInfo_reportsTheStoreBacklog_andTheDiskRatioOfEachCommitLogPath_underRocketMqsKeys() {
        RuntimeGauges gauges = RuntimeGauges.builder().storeDiskRatio(() -> 0.5)
                .commitLogDiskRatios(() -> new TreeMap<>(Map.of("/data/store/commitlog", 0.5)))
                .storeBacklog(() -> 42, () -> 1536).build();

        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, gauges, clock, MIDNIGHT)
                .get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("commitLogDiskRatio_/data/store/commitlog", "0.5")
                .containsEntry("dispatchBehindBytes", "42")
                .containsEntry("remainHowManyDataToFlush", "1.5 KiB");
    }

    @Test
    void runtimeInfo_reportsAnAverageSizeOfZero_beforeAnyPut() {
        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, RuntimeGauges.builder().build(), clock,
                MIDNIGHT).get(new GetBrokerRuntimeInfo.Query());

        assertThat(table).containsEntry("putMessageAverageSize", "0.0").containsEntry("putMessageTimesTotal", "0")
                .containsEntry("commitLogDirCapacity", "Total : 0 B, Free : 0 B.");
    }
}
