package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.bootstrap.lifecycle.SystemClock;
import io.hexmq.domain.time.port.Clock;

/** What every node shares: the real clock and the one place executors are made. */
public final class CoreModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(Clock.class).to(SystemClock.class).asEagerSingleton();
        bind(RoleExecutors.class).asEagerSingleton();
    }
}
