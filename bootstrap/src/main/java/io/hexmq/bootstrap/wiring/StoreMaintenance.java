package io.hexmq.bootstrap.wiring;

import java.time.Duration;
import java.util.Objects;

/**
 * A periodic chore of the chosen message store (retention, disk-space check), run by the node on
 * its housekeeping scheduler. Each store module contributes its own.
 */
public record StoreMaintenance(String name, Duration period, Runnable task) {

    public StoreMaintenance {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(task, "task");
    }
}
