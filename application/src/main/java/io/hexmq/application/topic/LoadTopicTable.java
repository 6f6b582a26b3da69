package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The broker's topic table at start: what it saved last time, plus the built-in topics it lacks
 * (saved at once, so the file always holds what the NameServers are told). Saved configs win over
 * built-in defaults, so an admin's change to, say, {@code TBW102}'s queue count survives restarts.
 * A broker with {@code traceTopicEnable} hosts the trace topic (one queue, as RocketMQ makes it), whether or
 * not topics may be created by sending.
 */
public final class LoadTopicTable {

    private final TopicConfigStore store;
    private final Clock clock;
    private final BrokerSettings settings;
    private final TraceSettings trace;

    public LoadTopicTable(TopicConfigStore store, Clock clock, BrokerSettings settings, TraceSettings trace) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.trace = Objects.requireNonNull(trace, "trace");
    }

    /** @throws io.hexmq.domain.topic.TopicConfigStorageException when the saved table cannot be read */
    public TopicTable load() {
        long now = clock.millis();
        TopicTable table = new TopicTable(store.load().orElseGet(() -> TopicConfigTable.empty(now)));
        List<TopicConfig> builtIn = new ArrayList<>(settings.systemTopics().defaultConfigs(
                settings.autoCreateTopicEnable(), settings.defaultTopicQueueNums(), settings.clusterTopicEnable(),
                settings.brokerTopicEnable()));
        if (trace.traceTopicEnable()) {
            builtIn.add(TopicConfig.of(trace.msgTraceTopicName(), 1, 1, Permission.READ_WRITE));
        }
        table.addMissing(builtIn, now, store::save);
        return table;
    }
}
