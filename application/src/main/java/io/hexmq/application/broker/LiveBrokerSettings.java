package io.hexmq.application.broker;

import io.hexmq.domain.topic.DataVersion;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The broker settings in force now. The use cases that obey a setting an admin may change at run time
 * (UPDATE_BROKER_CONFIG) read it here on every request, so a change takes effect on the next one; the
 * settings are replaced whole, so a reader never sees half of an update.
 */
public final class LiveBrokerSettings implements Supplier<BrokerSettings> {

    private final AtomicReference<BrokerSettings> current;
    private volatile DataVersion version;

    /** Settings that no admin changed yet, at version 0 as of {@code nowMillis}. */
    public LiveBrokerSettings(BrokerSettings initial, long nowMillis) {
        this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial"));
        this.version = DataVersion.initial(nowMillis);
    }

    /** For a broker whose settings nobody changes: tests and benchmarks. */
    public LiveBrokerSettings(BrokerSettings initial) {
        this(initial, 0);
    }

    @Override
    public BrokerSettings get() {
        return current.get();
    }

    /** The settings' version, as GET_BROKER_CONFIG reports it: one step per applied update. */
    public DataVersion version() {
        return version;
    }

    /** Called by the one updater at a time ({@link UpdateBrokerConfig} is synchronized). */
    void replace(BrokerSettings settings, long nowMillis) {
        current.set(Objects.requireNonNull(settings, "settings"));
        version = version.next(nowMillis);
    }
}
