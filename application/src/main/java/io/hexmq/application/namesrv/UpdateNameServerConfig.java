package io.hexmq.application.namesrv;

import io.hexmq.application.settings.SettingsUpdate.Command;
import io.hexmq.application.settings.SettingsUpdate.Outcome;
import io.hexmq.application.settings.SettingsUpdate.Refusal;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * An admin changes NameServer settings at run time (UPDATE_NAMESRV_CONFIG). All or nothing: one
 * refused key leaves every setting as it was. Changeable are the settings use cases read on each
 * request ({@code orderMessageEnable}, {@code returnOrderTopicConfigToBroker}, {@code brokerTimeoutMillis});
 * RocketMQ's black-listed keys, the settings fixed at start and unknown keys are refused, so an admin
 * never believes a change took effect that did not.
 */
public final class UpdateNameServerConfig {

    /**
     * Keys a RocketMQ NameServer refuses whatever its configuration: they point at files and homes an
     * admin must not redirect remotely.
     */
    public static final Set<String> BLACK_LISTED = Set.of("configBlackList", "configStorePath", "kvConfigPath",
            "rocketmqHome");

    private final LiveNameServerSettings live;
    private final Set<String> fixedAtStart;

    /**
     * @param live         the settings to change
     * @param fixedAtStart the names of the settings that only a restart changes
     */
    public UpdateNameServerConfig(LiveNameServerSettings live, Set<String> fixedAtStart) {
        this.live = Objects.requireNonNull(live, "live");
        this.fixedAtStart = Set.copyOf(fixedAtStart);
    }

    /** Synchronized so that two admins' updates cannot both start from the same settings and lose one. */
    public synchronized Outcome update(Command command) {
        for (String key : command.changes().keySet()) {
            if (BLACK_LISTED.contains(key)) {
                return new Outcome(Refusal.BLACK_LISTED, key + " is black-listed");
            }
        }
        NameServerSettings current = live.get();
        boolean orderMessageEnable = current.orderMessageEnable();
        boolean returnOrderTopicConfigToBroker = current.returnOrderTopicConfigToBroker();
        Duration brokerTimeout = current.defaultBrokerTimeout();
        for (Map.Entry<String, String> change : new TreeMap<>(command.changes()).entrySet()) {
            String key = change.getKey();
            String value = change.getValue().trim();
            switch (key) {
                case "orderMessageEnable" -> {
                    if (!isBoolean(value)) {
                        return Outcome.invalid(key, value, "true or false");
                    }
                    orderMessageEnable = Boolean.parseBoolean(value);
                }
                case "returnOrderTopicConfigToBroker" -> {
                    if (!isBoolean(value)) {
                        return Outcome.invalid(key, value, "true or false");
                    }
                    returnOrderTopicConfigToBroker = Boolean.parseBoolean(value);
                }
                case "brokerTimeoutMillis" -> {
                    long millis = positiveLong(value);
                    if (millis <= 0) {
                        return Outcome.invalid(key, value, "a positive number of milliseconds");
                    }
                    brokerTimeout = Duration.ofMillis(millis);
                }
                default -> {
                    if (fixedAtStart.contains(key) || current.asProperties().containsKey(key)) {
                        return new Outcome(Refusal.FIXED_AT_START,
                                key + " only changes with a restart: set it in the NameServer's config");
                    }
                    return new Outcome(Refusal.UNKNOWN_KEY, "unknown NameServer setting: " + key);
                }
            }
        }
        live.replace(new NameServerSettings(orderMessageEnable, returnOrderTopicConfigToBroker,
                current.scanNotActiveBrokerInterval(), brokerTimeout));
        return Outcome.APPLIED;
    }

    private static boolean isBoolean(String value) {
        return value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false");
    }

    private static long positiveLong(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

}
