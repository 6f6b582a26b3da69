package io.hexmq.application.broker;

import io.hexmq.application.settings.SettingsUpdate.Command;
import io.hexmq.application.settings.SettingsUpdate.Outcome;
import io.hexmq.application.settings.SettingsUpdate.Refusal;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An admin changes broker settings at run time (UPDATE_BROKER_CONFIG, {@code mqadmin updateBrokerConfig}).
 * All or nothing: one refused key leaves every setting as it was. Changeable are the settings the use
 * cases read on every request from {@link LiveBrokerSettings}:
 * <ul>
 *   <li>{@code brokerPermission}: 6 read and write, 4 read only, 2 write only. The NameServers take the
 *       change at once (the topic table moves to its next version so they publish it again), and the
 *       admin is answered once they have been asked: a broker made read-only gets no more new sends
 *       from producers that refresh their routes;</li>
 *   <li>{@code autoCreateTopicEnable}, {@code autoCreateSubscriptionGroup}, {@code enablePropertyFilter}.</li>
 * </ul>
 * RocketMQ's black-listed keys are refused as RocketMQ refuses them; a setting that takes effect only
 * at start, and a key no broker setting has, are refused naming the key, so an admin never believes a
 * change took effect that did not. Changes last until the broker stops: the broker's config file stays
 * the user's.
 */
public final class UpdateBrokerConfig {

    /** Keys a RocketMQ broker refuses whatever its configuration: they point at files an admin must not redirect. */
    public static final Set<String> BLACK_LISTED = Set.of("brokerConfigPath", "rocketmqHome", "configBlackList");

    private final LiveBrokerSettings live;
    private final Set<String> knownAtStart;
    private final TopicTable topics;
    private final TopicConfigStore topicStore;
    private final RegistrationDemand registration;
    private final Clock clock;

    /**
     * @param live         the settings to change
     * @param knownAtStart the names of every setting the broker reads at start (GET_BROKER_CONFIG's keys)
     */
    public UpdateBrokerConfig(LiveBrokerSettings live, Set<String> knownAtStart, TopicTable topics,
            TopicConfigStore topicStore, RegistrationDemand registration, Clock clock) {
        this.live = Objects.requireNonNull(live, "live");
        this.knownAtStart = Set.copyOf(knownAtStart);
        this.topics = Objects.requireNonNull(topics, "topics");
        this.topicStore = Objects.requireNonNull(topicStore, "topicStore");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * @return completes with the outcome; an applied change of {@code brokerPermission} once a
     *         registration that carries it has ended, anything else at once
     */
    public CompletionStage<Outcome> update(Command command) {
        Outcome outcome;
        boolean permissionChanged;
        synchronized (this) {
            BrokerSettings current = live.get();
            Parsed parsed = parse(command.changes(), current);
            if (parsed.refusal() != null) {
                return CompletableFuture.completedStage(parsed.refusal());
            }
            BrokerSettings next = current.withLive(parsed.permission(), parsed.autoCreateTopic(),
                    parsed.autoCreateGroup(), parsed.propertyFilter());
            permissionChanged = !next.brokerPermission().equals(current.brokerPermission());
            if (!command.changes().isEmpty()) {
                live.replace(next, clock.millis());
            }
            outcome = Outcome.APPLIED;
        }
        if (!permissionChanged) {
            return CompletableFuture.completedStage(outcome);
        }
        try {
            topics.nextVersion(clock.millis(), topicStore::save);
        } catch (TopicConfigStorageException e) {
            // A follower replica cannot save the table its leader owns; registered as a slave it publishes no
            // queues, so the NameServers need no new version from it. Its permission holds all the same.
        }
        return registration.topicsChangedAwaitingRound().thenApply(registered -> outcome);
    }

    private record Parsed(Outcome refusal, Permission permission, boolean autoCreateTopic, boolean autoCreateGroup,
                          boolean propertyFilter) {

        static Parsed refused(Outcome refusal) {
            return new Parsed(refusal, null, false, false, false);
        }
    }

    private Parsed parse(Map<String, String> changes, BrokerSettings current) {
        for (String key : changes.keySet()) {
            if (BLACK_LISTED.contains(key)) {
                return Parsed.refused(new Outcome(Refusal.BLACK_LISTED, key + " is black-listed"));
            }
        }
        Permission permission = current.brokerPermission();
        boolean autoCreateTopic = current.autoCreateTopicEnable();
        boolean autoCreateGroup = current.autoCreateSubscriptionGroup();
        boolean propertyFilter = current.enablePropertyFilter();
        for (Map.Entry<String, String> change : changes.entrySet()) {
            String key = change.getKey();
            String value = change.getValue().trim();
            switch (key) {
                case "brokerPermission" -> {
                    permission = permission(value);
                    if (permission == null) {
                        return Parsed.refused(Outcome.invalid(key, value, "a permission from 0 to 7 (6 read and write, "
                                + "4 read only, 2 write only)"));
                    }
                }
                case "autoCreateTopicEnable", "autoCreateSubscriptionGroup", "enablePropertyFilter" -> {
                    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                        return Parsed.refused(Outcome.invalid(key, value, "true or false"));
                    }
                    boolean on = Boolean.parseBoolean(value);
                    switch (key) {
                        case "autoCreateTopicEnable" -> autoCreateTopic = on;
                        case "autoCreateSubscriptionGroup" -> autoCreateGroup = on;
                        default -> propertyFilter = on;
                    }
                }
                default -> {
                    return Parsed.refused(knownAtStart.contains(key)
                            ? new Outcome(Refusal.FIXED_AT_START,
                                    key + " only changes with a restart: set it in the broker's config")
                            : new Outcome(Refusal.UNKNOWN_KEY, "unknown broker setting: " + key));
                }
            }
        }
        return new Parsed(null, permission, autoCreateTopic, autoCreateGroup, propertyFilter);
    }

    private static Permission permission(String value) {
        try {
            int bits = Integer.parseInt(value);
            return bits < 0 || bits > (Permission.PERM_READ | Permission.PERM_WRITE | Permission.PERM_INHERIT)
                    ? null : new Permission(bits);
        } catch (NumberFormatException | DomainException e) {
            return null;
        }
    }

}
