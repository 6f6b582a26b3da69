package io.hexmq.application.settings;

import java.util.Map;
import java.util.Objects;

/**
 * What an admin's change of a server's settings at run time asks and gets: the NameServer's
 * (UPDATE_NAMESRV_CONFIG) and the broker's (UPDATE_BROKER_CONFIG) are refused for the same reasons.
 */
public final class SettingsUpdate {

    private SettingsUpdate() {
    }

    /** @param changes new values by property name, as the admin sent them */
    public record Command(Map<String, String> changes) {

        public Command {
            changes = Map.copyOf(Objects.requireNonNull(changes, "changes"));
        }
    }

    /** Why an update was refused. */
    public enum Refusal {
        /** a key RocketMQ never lets an admin change */
        BLACK_LISTED,
        /** a setting that only takes effect at start */
        FIXED_AT_START,
        /** no setting of this server has this name */
        UNKNOWN_KEY,
        /** the value does not parse or is out of range */
        INVALID_VALUE
    }

    /** @param refusal null when the update was applied; {@code reason} names the key otherwise */
    public record Outcome(Refusal refusal, String reason) {

        public static final Outcome APPLIED = new Outcome(null, null);

        public static Outcome invalid(String key, String value, String expected) {
            return new Outcome(Refusal.INVALID_VALUE, key + " must be " + expected + ", got '" + value + "'");
        }

        public boolean applied() {
            return refusal == null;
        }
    }
}
