package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DelayLevelsTest {

    @Test
    void theDefaultTable_hasEighteenLevels_fromOneSecondToTwoHours() {
        DelayLevels levels = DelayLevels.DEFAULT;

        assertThat(levels.maxLevel()).isEqualTo(18);
        assertThat(levels.delayMillis(1)).isEqualTo(1_000);
        assertThat(levels.delayMillis(3)).isEqualTo(10_000);
        assertThat(levels.delayMillis(5)).isEqualTo(60_000);
        assertThat(levels.delayMillis(18)).isEqualTo(7_200_000);
        assertThat(levels.queueIdOf(1)).isZero();
        assertThat(levels.queueIdOf(18)).isEqualTo(17);
    }

    @Test
    void parsesSecondsMinutesHoursAndDays_withAnySpacing() {
        DelayLevels levels = DelayLevels.parse("  2s   3m 4h\t1d ");

        assertThat(levels.maxLevel()).isEqualTo(4);
        assertThat(levels.delayMillis(2)).isEqualTo(180_000);
        assertThat(levels.delayMillis(3)).isEqualTo(14_400_000);
        assertThat(levels.delayMillis(4)).isEqualTo(86_400_000);
        assertThat(levels.text()).isEqualTo("2s 3m 4h 1d");
        assertThat(levels).isEqualTo(DelayLevels.parse("2s 3m 4h 1d"));
    }

    @Test
    void clampsLevelsAboveTheLast_toTheLast() {
        DelayLevels levels = DelayLevels.parse("1s 5s");

        assertThat(levels.clamp(7)).isEqualTo(2);
        assertThat(levels.delayMillis(7)).isEqualTo(5_000);
        assertThat(levels.queueIdOf(7)).isEqualTo(1);
        assertThatThrownBy(() -> levels.clamp(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsMalformedTables() {
        for (String bad : new String[] {"", "  ", "1x", "s", "0s", "-1s", "1.5s", "1s five"}) {
            assertThatThrownBy(() -> DelayLevels.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void progressStartsAtZero_andMovesPerLevel() {
        DelayProgress progress = DelayProgress.NONE.with(3, 12).with(1, 4);

        assertThat(progress.offsetOf(2)).isZero();
        assertThat(progress.offsetOf(3)).isEqualTo(12);
        assertThat(progress.offsetTable()).containsExactly(Map.entry(1, 4L), Map.entry(3, 12L));
        assertThat(progress.with(3, 12)).isSameAs(progress);
        assertThatThrownBy(() -> DelayProgress.NONE.with(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
