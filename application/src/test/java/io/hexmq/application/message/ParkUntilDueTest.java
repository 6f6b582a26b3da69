package io.hexmq.application.message;

import static io.hexmq.application.message.MessageBroker.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.transaction.DueTimeParking;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import org.junit.jupiter.api.Test;

class ParkUntilDueTest {

    private static final long NOW = 1_700_000_000_000L;
    private static final String TOPIC = "TopicTest";

    private final ParkUntilDue parkUntilDue = new ParkUntilDue(new MessageSettings(1024, true, 1000,
            DelayLevels.DEFAULT, 60));

    private static Message message(String... properties) {
        return new Message(TOPIC, 3, 0, "body".getBytes(), properties(properties), 0, 1_000L,
                MessageBroker.PRODUCER, 0, 0L);
    }

    private DueTimeParking.Parked park(String... properties) {
        return parkUntilDue.park(message(properties), NOW);
    }

    @Test
    void aMessageWithoutDelayOrTimer_isStoredAsItIs() {
        Message plain = message("UNIQ_KEY", "U1");

        assertThat(parkUntilDue.park(plain, NOW).message()).isSameAs(plain);
        assertThat(park("DELAY", "0").message().topic()).isEqualTo(TOPIC);
        assertThat(park("DELAY", "-1").message().topic()).isEqualTo(TOPIC);
    }

    @Test
    void aDelayLevel_parksInTheScheduleTopicQueueOfTheLevel_dueAfterTheLevelsDelay() {
        Message parked = park("DELAY", "3").message();

        assertThat(parked.topic()).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(parked.queueId()).isEqualTo(2);
        assertThat(MessageProperties.decode(parked.properties())).containsEntry("REAL_TOPIC", TOPIC)
                .containsEntry("REAL_QID", "3")
                .containsEntry(MessageProperties.DELIVER_AT, Long.toString(NOW + 10_000));
    }

    @Test
    void aTimerDueLater_parksInTheTimerTopic_relativeTimersCountingFromNow() {
        Message bySeconds = park("TIMER_DELAY_SEC", "7").message();
        Message byMillis = park("TIMER_DELAY_MS", "1500").message();
        Message atTime = park("TIMER_DELIVER_MS", Long.toString(NOW + 30_000)).message();

        assertThat(bySeconds.topic()).isEqualTo("rmq_sys_wheel_timer");
        assertThat(bySeconds.queueId()).isZero();
        assertThat(MessageProperties.decode(bySeconds.properties())).containsEntry("REAL_TOPIC", TOPIC)
                .containsEntry("REAL_QID", "3").containsEntry(MessageProperties.DELIVER_AT, Long.toString(NOW + 7_000));
        assertThat(MessageProperties.get(byMillis.properties(), MessageProperties.DELIVER_AT))
                .isEqualTo(Long.toString(NOW + 1_500));
        assertThat(MessageProperties.get(atTime.properties(), MessageProperties.DELIVER_AT))
                .isEqualTo(Long.toString(NOW + 30_000));
    }

    @Test
    void aTimerDueNowOrInThePast_isStoredAtOnce() {
        assertThat(park("TIMER_DELIVER_MS", Long.toString(NOW)).message().topic()).isEqualTo(TOPIC);
        assertThat(park("TIMER_DELIVER_MS", "0").message().topic()).isEqualTo(TOPIC);
        assertThat(park("TIMER_DELAY_MS", "0").message().topic()).isEqualTo(TOPIC);
    }

    @Test
    void aDelayLevelWinsOverATimer_whosePropertiesAreDropped_asRocketMqDoes() {
        Message parked = park("DELAY", "1", "TIMER_DELAY_SEC", "30", "TIMER_DELIVER_MS", Long.toString(NOW + 50_000),
                "TIMER_DELAY_MS", "40000").message();

        assertThat(parked.topic()).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(MessageProperties.decode(parked.properties()))
                .containsEntry(MessageProperties.DELIVER_AT, Long.toString(NOW + 1_000))
                .doesNotContainKeys("TIMER_DELAY_SEC", "TIMER_DELIVER_MS", "TIMER_DELAY_MS");
    }

    @Test
    void aTimerThatIsNotANumberOrDueBeyondTheMaximum_isIllegal() {
        DueTimeParking.Parked tooFar = park("TIMER_DELAY_SEC", "61");
        DueTimeParking.Parked notANumber = park("TIMER_DELAY_MS", "soon");
        DueTimeParking.Parked overflowing = park("TIMER_DELAY_SEC", Long.toString(Long.MAX_VALUE / 10));

        assertThat(tooFar.isIllegal()).isTrue();
        assertThat(tooFar.message()).isNull();
        assertThat(tooFar.illegal()).contains("due in 61 s").contains("timerMaxDelaySec 60");
        assertThat(notANumber.illegal()).contains("not a number");
        assertThat(overflowing.isIllegal()).isTrue();
        assertThat(park("TIMER_DELAY_SEC", "60").isIllegal()).as("exactly the maximum").isFalse();
    }
}
