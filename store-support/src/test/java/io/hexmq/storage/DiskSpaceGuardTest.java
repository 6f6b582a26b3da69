package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import org.junit.jupiter.api.Test;

class DiskSpaceGuardTest {

    private final DiskSpaceGuard guard = new DiskSpaceGuard(80, "/data/store");

    @Test
    void acceptsAppends_untilAReadingAboveTheRatio() {
        assertThat(guard.refusal()).isNull();

        assertThat(guard.observe(80.0)).as("at the ratio").isEqualTo(DiskSpaceGuard.Change.NONE);
        assertThat(guard.refusal()).isNull();
    }

    @Test
    void refusesWithServiceNotAvailable_namingTheDiskTheUseAndTheRatio() {
        assertThat(guard.observe(91.6)).isEqualTo(DiskSpaceGuard.Change.REFUSING);

        AppendResult refusal = guard.refusal();
        assertThat(refusal.status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(refusal.reason())
            .isEqualTo("disk full: 92% of the disk holding /data/store is used, above diskMaxUsedSpaceRatio 80%");
        assertThat(refusal.msgIds()).isEmpty();
    }

    @Test
    void reportsEachChangeOnce_soTheStoreLogsOnceWhenRefusingStartsAndOnceWhenItEnds() {
        assertThat(guard.observe(85)).isEqualTo(DiskSpaceGuard.Change.REFUSING);
        assertThat(guard.observe(99)).isEqualTo(DiskSpaceGuard.Change.NONE);
        AppendResult first = guard.refusal();
        assertThat(guard.observe(86)).isEqualTo(DiskSpaceGuard.Change.NONE);
        assertThat(guard.refusal()).as("the remark of the first full reading stays").isSameAs(first);

        assertThat(guard.observe(70)).isEqualTo(DiskSpaceGuard.Change.ACCEPTING);
        assertThat(guard.refusal()).isNull();
        assertThat(guard.observe(60)).isEqualTo(DiskSpaceGuard.Change.NONE);
        assertThat(guard.observe(81)).as("full again").isEqualTo(DiskSpaceGuard.Change.REFUSING);
    }

    @Test
    void ratio_mustBeTenToNinetyFivePercent() {
        assertThat(DiskSpaceGuard.checkRatio(10)).isEqualTo(10);
        assertThat(DiskSpaceGuard.checkRatio(95)).isEqualTo(95);
        assertThatThrownBy(() -> DiskSpaceGuard.checkRatio(9))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("diskMaxUsedSpaceRatio");
        assertThatThrownBy(() -> new DiskSpaceGuard(96, "/data/store"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10..95");
    }

    @Test
    void usedPercent_isTheUsedShareOfTheUsedAndUsableBytes_roundedUp_asRocketMqMeasuresIt() {
        assertThat(DiskSpaceGuard.usedPercent(1000, 250, 250)).isEqualTo(75.0);
        assertThat(DiskSpaceGuard.usedPercent(1000, 1000, 1000)).isZero();
        assertThat(DiskSpaceGuard.usedPercent(1000, 900, 300)).as("root's reserved blocks count as neither")
            .isEqualTo(25.0);
        assertThat(DiskSpaceGuard.usedPercent(1000, 899, 899)).as("10.1% rounds up").isEqualTo(11.0);
        assertThat(DiskSpaceGuard.usedPercent(0, 0, 0)).as("no disk to measure").isZero();
    }
}
