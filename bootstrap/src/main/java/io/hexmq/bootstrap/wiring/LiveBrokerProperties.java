package io.hexmq.bootstrap.wiring;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.LiveBrokerSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The broker's settings as GET_BROKER_CONFIG reports them: those read at start, with the values an
 * admin changed since (UPDATE_BROKER_CONFIG) in place of the started ones.
 */
final class LiveBrokerProperties implements Supplier<String> {

    private final String atStart;
    private final LiveBrokerSettings live;

    LiveBrokerProperties(String atStart, LiveBrokerSettings live) {
        this.atStart = atStart;
        this.live = live;
    }

    /** The names of every setting read at start. */
    Set<String> keys() {
        return lines(atStart).keySet();
    }

    @Override
    public String get() {
        BrokerSettings now = live.get();
        Map<String, String> lines = lines(atStart);
        lines.put("brokerPermission", String.valueOf(now.brokerPermission().bits()));
        lines.put("autoCreateTopicEnable", String.valueOf(now.autoCreateTopicEnable()));
        lines.put("autoCreateSubscriptionGroup", String.valueOf(now.autoCreateSubscriptionGroup()));
        lines.put("enablePropertyFilter", String.valueOf(now.enablePropertyFilter()));
        StringBuilder text = new StringBuilder();
        lines.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return text.toString();
    }

    /** Keeps the start's order; the text is BrokerConfig's own {@code key=value} lines. */
    private static Map<String, String> lines(String text) {
        Map<String, String> lines = new LinkedHashMap<>();
        text.lines().filter(line -> line.indexOf('=') > 0).forEach(line -> {
            int equals = line.indexOf('=');
            lines.put(line.substring(0, equals), line.substring(equals + 1));
        });
        return lines;
    }
}
