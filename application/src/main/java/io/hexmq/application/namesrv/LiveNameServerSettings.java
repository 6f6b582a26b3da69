package io.hexmq.application.namesrv;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The NameServer settings in force now. Use cases that obey a setting read it here on every request,
 * so an admin's UPDATE_NAMESRV_CONFIG takes effect on the next one; the settings are replaced whole,
 * so a reader never sees half of an update.
 */
public final class LiveNameServerSettings implements Supplier<NameServerSettings> {

    private final AtomicReference<NameServerSettings> current;

    public LiveNameServerSettings(NameServerSettings initial) {
        this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial"));
    }

    @Override
    public NameServerSettings get() {
        return current.get();
    }

    void replace(NameServerSettings settings) {
        current.set(Objects.requireNonNull(settings, "settings"));
    }
}
