package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriptionGroupsTest {

    private static final GroupName GROUP = new GroupName("CG");

    private final List<SubscriptionGroupTable> saved = new ArrayList<>();
    private final SubscriptionGroups groups = new SubscriptionGroups(SubscriptionGroupTable.empty(0));

    @Test
    void hasRocketMqsDefaults() {
        SubscriptionGroupConfig config = SubscriptionGroupConfig.defaults(GROUP);

        assertThat(config.consumeEnable()).isTrue();
        assertThat(config.consumeFromMinEnable()).isTrue();
        assertThat(config.consumeBroadcastEnable()).isTrue();
        assertThat(config.consumeMessageOrderly()).isFalse();
        assertThat(config.retryQueueNums()).isEqualTo(1);
        assertThat(config.retryMaxTimes()).isEqualTo(16);
        assertThat(config.brokerId()).isZero();
        assertThat(config.whichBrokerWhenConsumeSlowly()).isEqualTo(1);
        assertThat(config.notifyConsumerIdsChangedEnable()).isTrue();
        assertThat(config.groupSysFlag()).isZero();
        assertThat(config.consumeTimeoutMinute()).isEqualTo(15);
    }

    @Test
    void createsAMissingGroupWithDefaults_whenAutoCreateIsOn() {
        assertThat(groups.findOrCreate(GROUP, true, 10, saved::add)).contains(SubscriptionGroupConfig.defaults(GROUP));
        assertThat(groups.findOrCreate(GROUP, true, 20, saved::add)).isPresent();

        assertThat(saved).hasSize(1);
        assertThat(groups.snapshot().dataVersion().counter()).isEqualTo(1);
    }

    @Test
    void createsNothing_whenAutoCreateIsOff_exceptRocketMqsSystemGroups() {
        assertThat(groups.findOrCreate(GROUP, false, 10, saved::add)).isEmpty();
        assertThat(groups.findOrCreate(new GroupName("CID_RMQ_SYS_TRANS"), false, 10, saved::add)).isPresent();
    }

    @Test
    void replacesAndRemovesConfigs_bumpingTheVersionOncePerChange() {
        SubscriptionGroupConfig orderly = new SubscriptionGroupConfig(GROUP, true, true, true, true, 2, 3, 0, 1, false,
                0, 15);

        assertThat(groups.put(orderly, 1, saved::add)).isTrue();
        assertThat(groups.put(orderly, 2, saved::add)).isFalse();
        assertThat(groups.remove(GROUP, 3, saved::add)).contains(orderly);

        assertThat(groups.find(GROUP)).isEmpty();
        assertThat(groups.snapshot().dataVersion().counter()).isEqualTo(2);
        assertThat(saved).hasSize(2);
    }
}
