package io.hexmq.client.internal.instance;

import java.time.Duration;
import java.util.Objects;

/** The checks the settings records of the client, its producers and its consumers share. */
public final class SettingChecks {

    private SettingChecks() {
    }

    public static void requirePositive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.toMillis() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + value);
        }
    }

    public static void requireAtLeast(String name, int value, int least) {
        if (value < least) {
            throw new IllegalArgumentException(name + " must be at least " + least + ": " + value);
        }
    }

    public static void requireConsumerGroup(String group) {
        Objects.requireNonNull(group, "a consumer needs a group");
        if (group.isBlank() || group.length() > 255 || group.startsWith("%")) {
            throw new IllegalArgumentException("group must be 1..255 characters, not blank, not starting with '%': '"
                    + group + "'");
        }
    }
}
