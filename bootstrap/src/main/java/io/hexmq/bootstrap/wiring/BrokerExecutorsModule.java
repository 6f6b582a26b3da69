package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.MeasuredExecutor;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import jakarta.inject.Named;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The Broker's executors, by role: the send and pull pools sized by {@code sendMessageThreadPoolNums} and
 * {@code pullMessageThreadPoolNums} (measured, so runtime info can report their queues), the admin pool, and
 * the scheduled threads of timers, delays and housekeeping. Each is made by {@link RoleExecutors}, which
 * stops them with the broker.
 */
final class BrokerExecutorsModule extends AbstractModule {

    private final BrokerConfig config;

    BrokerExecutorsModule(BrokerConfig config) {
        this.config = config;
    }

    @Provides
    @Singleton
    @Named("broker-send")
    MeasuredExecutor sendPool(RoleExecutors executors) {
        return executors.fixed("broker-send", config.workerThreads());
    }

    @Provides
    @Singleton
    @Named("broker-pull")
    MeasuredExecutor pullPool(RoleExecutors executors) {
        return executors.fixed("broker-pull", config.pullThreads());
    }

    @Provides
    @Named("broker-send")
    ExecutorService sendExecutor(@Named("broker-send") MeasuredExecutor pool) {
        return pool;
    }

    @Provides
    @Named("broker-pull")
    ExecutorService pullExecutor(@Named("broker-pull") MeasuredExecutor pool) {
        return pool;
    }

    @Provides
    @Singleton
    @Named("broker-admin")
    MeasuredExecutor adminPool(RoleExecutors executors) {
        return executors.fixed("broker-admin", 2);
    }

    @Provides
    @Named("broker-admin")
    ExecutorService adminExecutor(@Named("broker-admin") MeasuredExecutor pool) {
        return pool;
    }

    @Provides
    @Singleton
    @Named("broker-timer")
    ScheduledExecutorService timerMessageTimer(RoleExecutors executors) {
        return executors.scheduled("broker-timer");
    }

    /** Saves the topics that sends create, off the send threads (SaveStagedTopics). */
    @Provides
    @Singleton
    @Named("broker-topic-save")
    ScheduledExecutorService topicSaveTimer(RoleExecutors executors) {
        return executors.scheduled("broker-topic-save");
    }

    @Provides
    @Singleton
    @Named("broker-delay")
    ScheduledExecutorService delayTimer(RoleExecutors executors) {
        return executors.scheduled("broker-delay");
    }

    @Provides
    @Singleton
    @Named("broker-housekeeping")
    ScheduledExecutorService housekeeping(RoleExecutors executors) {
        return executors.scheduled("broker-housekeeping");
    }
}
