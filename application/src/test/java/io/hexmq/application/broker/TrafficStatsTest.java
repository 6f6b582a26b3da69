package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrafficStatsTest {

    private static final TopicGroup ORDERS_BY_BILLING = new TopicGroup(new TopicName("Orders"), new GroupName("Billing"));

    private final ManualClock clock = new ManualClock(1_000_000);
    private final TrafficStats stats = new TrafficStats(clock);

    /** The broker's 1 s tick, for {@code seconds} seconds. */
    private void tick(int seconds) {
        for (int i = 0; i < seconds; i++) {
            clock.advanceMillis(1_000);
            stats.sample();
        }
    }

    @Test
    void aTopicsPuts_overTheLastMinute_sumPerSecondAndPerSend() {
        stats.sample();
        stats.recordPut("Orders", 4, 4_000);
        stats.recordPut("Orders", 2, 2_000);
        tick(10);

        TrafficStats.Figures messages = stats.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, "Orders").orElseThrow();
        TrafficStats.Figures bytes = stats.figures(TrafficStats.Stat.TOPIC_PUT_SIZE, "Orders").orElseThrow();

        assertThat(messages.minute()).isEqualTo(new TrafficStats.Window(6, 0.6, 3.0));
        assertThat(bytes.minute().sum()).isEqualTo(6_000);
        assertThat(messages.hour()).as("not sampled again within the hour's 10 min").isEqualTo(new TrafficStats.Window(0, 0, 0));
    }

    @Test
    void theMinuteWindow_forgetsWhatIsOlderThanItsSixSamples_whileTheHourKeepsIt() {
        stats.recordPut("Orders", 60, 0);
        tick(70);
        stats.recordPut("Orders", 1, 0);
        tick(10);
        tick(600);

        TrafficStats.Figures figures = stats.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, "Orders").orElseThrow();
        assertThat(figures.minute().sum()).isZero();
        assertThat(figures.hour().sum()).isEqualTo(61);
        assertThat(figures.day().sum()).as("sampled at the first tick, then hourly: the later put not yet")
                .isEqualTo(60);
    }

    @Test
    void aGroupsGets_areKeyedTopicAtGroup() {
        stats.recordGet(ORDERS_BY_BILLING, 3, 300);
        tick(10);

        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_NUMS, "Orders@Billing").orElseThrow().minute().sum())
                .isEqualTo(3);
        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_SIZE, "Orders@Billing").orElseThrow().minute().avgpt())
                .isEqualTo(300.0);
        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_NUMS, "Orders@Other")).isEmpty();
        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_NUMS, "Orders")).isEmpty();
        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_NUMS, "a@b@c")).isEmpty();
        assertThat(stats.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, "Orders")).isEmpty();
        assertThat(TrafficStats.Stat.named("SNDBCK_PUT_NUMS")).isEmpty();
    }

    @Test
    void forgettingATopic_dropsItsFiguresAndItsGroups() {
        stats.recordPut("Orders", 1, 1);
        stats.recordGet(ORDERS_BY_BILLING, 1, 1);

        stats.forgetTopic("Orders");

        assertThat(stats.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, "Orders")).isEmpty();
        assertThat(stats.figures(TrafficStats.Stat.GROUP_GET_NUMS, "Orders@Billing")).isEmpty();
    }

    @Test
    void totals_areTheRunningSumsSinceStart_byTopicAndByTopicAndGroup_withoutWaitingForASample() {
        stats.recordPut("Orders", 2, 200);
        stats.recordPut("Orders", 3, 50);
        stats.recordGet(ORDERS_BY_BILLING, 4, 120);
        Map<String, long[]> topics = new HashMap<>();
        Map<TopicGroup, long[]> groups = new HashMap<>();

        stats.forEachTopicTotal((topic, messages, bytes) -> topics.put(topic, new long[] {messages, bytes}));
        stats.forEachGroupTotal((key, messages, bytes) -> groups.put(key, new long[] {messages, bytes}));

        assertThat(topics).containsOnlyKeys("Orders");
        assertThat(topics.get("Orders")).containsExactly(5, 250);
        assertThat(groups).containsOnlyKeys(ORDERS_BY_BILLING);
        assertThat(groups.get(ORDERS_BY_BILLING)).containsExactly(4, 120);
    }
}
