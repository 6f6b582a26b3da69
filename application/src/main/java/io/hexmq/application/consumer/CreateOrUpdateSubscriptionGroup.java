package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;

/** An admin creates or replaces a group's config (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP); saved before it shows. */
public final class CreateOrUpdateSubscriptionGroup {

    public record Command(SubscriptionGroupConfig config) {

        public Command {
            Objects.requireNonNull(config, "config");
        }
    }

    private final SubscriptionGroups groups;
    private final SubscriptionGroupStore store;
    private final Clock clock;

    public CreateOrUpdateSubscriptionGroup(SubscriptionGroups groups, SubscriptionGroupStore store, Clock clock) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return true if the stored config changed */
    public boolean createOrUpdate(Command command) {
        return groups.put(command.config(), clock.millis(), store::save);
    }
}
