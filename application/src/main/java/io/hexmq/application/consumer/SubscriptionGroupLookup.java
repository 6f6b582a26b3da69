package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * The config a group consumes with, as the consume paths look it up (a pull, a send-back, a send to a
 * retry topic, an offset commit): the stored one, or for a group without one the defaults, created
 * and saved, when {@link BrokerSettings#autoCreateSubscriptionGroup()} is on (or it is a RocketMQ
 * system group). A part those use cases share, not an activity of its own: an admin reads a group's
 * config as it is ({@link GetSubscriptionGroup}).
 *
 * <p>A replica that follows its group's leader cannot save a created config (only the leader writes the
 * group's state); it answers with the defaults without keeping them, so that what a follower serves (a
 * heartbeat, a pull) does not fail, and the group gets its stored config when its consumers reach the
 * leader, which saves it and replicates it here.
 */
public final class SubscriptionGroupLookup {

    private final SubscriptionGroups groups;
    private final SubscriptionGroupStore store;
    private final Clock clock;
    private final LiveBrokerSettings settings;

    public SubscriptionGroupLookup(SubscriptionGroups groups, SubscriptionGroupStore store, Clock clock,
            LiveBrokerSettings settings) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return empty when the group has no config and none may be created (SUBSCRIPTION_GROUP_NOT_EXIST) */
    public Optional<SubscriptionGroupConfig> findOrCreate(GroupName group) {
        try {
            return groups.findOrCreate(group, settings.get().autoCreateSubscriptionGroup(), clock.millis(), store::save);
        } catch (NotLeaderException follower) {
            return Optional.of(SubscriptionGroupConfig.defaults(group));
        }
    }

    /**
     * As {@link #findOrCreate(GroupName)}, for a group named by a request: a name that is not a legal
     * group name has no config.
     */
    public Optional<SubscriptionGroupConfig> findOrCreate(String group) {
        GroupName name;
        try {
            name = new GroupName(group);
        } catch (RuntimeException illegal) {
            return Optional.empty();
        }
        return findOrCreate(name);
    }
}
