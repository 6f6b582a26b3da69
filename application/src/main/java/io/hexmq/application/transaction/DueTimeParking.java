package io.hexmq.application.transaction;

import io.hexmq.domain.message.Message;
import java.util.Objects;

/**
 * Holds a message about to be stored for its topic back until the delay level or timer it carries is
 * due: what {@link EndTransaction} needs for a committed message, which waits exactly as a sent one
 * would. The message feature implements it ({@code io.hexmq.application.message.ParkUntilDue}), because
 * that feature owns the schedule and timer topics and already depends on this one for the half messages
 * it parks; an interface here keeps the dependency one way.
 */
public interface DueTimeParking {

    /**
     * What to store instead of the message, or why it cannot be held back as it asks.
     *
     * @param message the message itself when it is due now, else the message parked until due; null when
     *                its timer is illegal
     * @param illegal why its timer is illegal (not a number, due beyond {@code timerMaxDelaySec}); empty
     *                when {@code message} is set
     */
    record Parked(Message message, String illegal) {

        public Parked {
            Objects.requireNonNull(illegal, "illegal");
            if ((message == null) == illegal.isEmpty()) {
                throw new IllegalArgumentException("either a message to store or why there is none");
            }
        }

        public static Parked store(Message message) {
            return new Parked(Objects.requireNonNull(message, "message"), "");
        }

        public static Parked illegal(String why) {
            return new Parked(null, why);
        }

        public boolean isIllegal() {
            return message == null;
        }
    }

    /** {@code message}, to be stored for its own topic and queue at {@code now} (epoch ms), as it must be stored. */
    Parked park(Message message, long now);
}
