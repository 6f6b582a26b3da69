package io.hexmq.application.message;

import io.hexmq.application.transaction.DueTimeParking;
import io.hexmq.domain.message.Message;
import java.util.Objects;

/**
 * Decides whether a message about to be stored for its topic waits first, and parks it where it waits:
 * for its {@code DELAY} level in the schedule topic ({@link DelayedDelivery}), until its timer
 * ({@code TIMER_DELAY_SEC}, {@code TIMER_DELAY_MS}, else {@code TIMER_DELIVER_MS}) in the timer topic
 * ({@link TimerParking}), or not at all. {@link SendMessage} decides so for a send and
 * {@code EndTransaction} for a committed transactional message, as RocketMQ's store does for both.
 *
 * <p>The rules are RocketMQ 5.x's: a positive {@code DELAY} level wins over a timer, whose properties
 * are then dropped; a timer due now or in the past is stored at once; a timer that is not a number, or
 * due more than {@code timerMaxDelaySec} ahead, is illegal. Relative timers count from {@code now}, so a
 * committed message's {@code TIMER_DELAY_SEC} counts from its commit.
 */
public final class ParkUntilDue implements DueTimeParking {

    private final MessageSettings settings;

    public ParkUntilDue(MessageSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public Parked park(Message message, long now) {
        String properties = message.properties();
        int level = DelayedDelivery.requestedLevel(properties, message.sysFlag());
        if (level > 0) {
            return Parked.store(DelayedDelivery.park(message, level, settings.messageDelayLevel(), now));
        }
        long deliverAt;
        try {
            deliverAt = TimerParking.requestedDeliverTime(properties, now);
        } catch (NumberFormatException | ArithmeticException notANumber) {
            return Parked.illegal("timer message illegal: the timer property is not a number of milliseconds or "
                    + "seconds");
        }
        if (deliverAt == TimerParking.NO_TIMER || deliverAt <= now) {
            return Parked.store(message);
        }
        if (deliverAt - now > settings.timerMaxDelaySec() * 1000L) {
            return Parked.illegal("timer message illegal: it is due in " + (deliverAt - now) / 1000
                    + " s, more than timerMaxDelaySec " + settings.timerMaxDelaySec() + " s");
        }
        return Parked.store(TimerParking.park(message, deliverAt));
    }
}
