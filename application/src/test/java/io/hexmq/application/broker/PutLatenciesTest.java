package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** brokerStatus's putMessageEntireTimeMax, putMessageDistributeTime and putLatency99/999, in RocketMQ's shapes. */
class PutLatenciesTest {

    private final PutLatencies latencies = new PutLatencies();

    @Test
    void reportsLastMinutesRanges_inRocketMqsText() {
        latencies.record(0);
        latencies.record(3);
        latencies.record(10);
        latencies.record(12_000);
        latencies.roll();
        latencies.record(700);

        assertThat(latencies.distribution()).isEqualTo("[<=0ms]:1 [0~10ms]:1 [10~50ms]:1 [50~100ms]:0 [100~200ms]:0 "
                + "[200~500ms]:0 [500ms~1s]:0 [1~2s]:0 [2~3s]:0 [3~4s]:0 [4~5s]:0 [5~10s]:0 [10s~]:1 ");
        assertThat(latencies.max()).as("since start, not per minute").isEqualTo(12_000);
    }

    @Test
    void interpolatesPercentiles_withinTheBucketsOfTheLastMinute() {
        for (int i = 0; i < 990; i++) {
            latencies.record(1);
        }
        for (int i = 0; i < 10; i++) {
            latencies.record(30);
        }
        latencies.roll();

        assertThat(latencies.percentile(0.99)).isEqualTo(1.0);
        assertThat(latencies.percentile(0.999)).as("9 of the 10 in the 28..30 ms bucket").isEqualTo(29.8);
    }

    @Test
    void reportsZero_beforeAMinuteWithAppendsEnded() {
        latencies.record(5);

        assertThat(latencies.percentile(0.99)).isZero();
        assertThat(latencies.distribution()).startsWith("[<=0ms]:0 [0~10ms]:0 ");
    }
}
