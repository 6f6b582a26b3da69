package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;

/**
 * An admin deletes a group's config (DELETE_SUBSCRIPTIONGROUP), and with {@code cleanOffset} also its
 * committed offsets (on disk with the next periodic offset save). A group that still heartbeats gets
 * a default config again if auto-create is on.
 */
public final class DeleteSubscriptionGroup {

    public record Command(GroupName group, boolean cleanOffset) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final SubscriptionGroups groups;
    private final SubscriptionGroupStore store;
    private final ConsumerOffsets offsets;
    private final Clock clock;

    public DeleteSubscriptionGroup(SubscriptionGroups groups, SubscriptionGroupStore store, ConsumerOffsets offsets,
            Clock clock) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return true if the group had a config */
    public boolean delete(Command command) {
        boolean removed = groups.remove(command.group(), clock.millis(), store::save).isPresent();
        if (command.cleanOffset()) {
            offsets.removeGroup(command.group());
        }
        return removed;
    }
}
