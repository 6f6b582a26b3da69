package io.hexmq.application.broker;

import java.util.Objects;
import java.util.Optional;

/**
 * An admin reads one traffic figure of a topic or a group (VIEW_BROKER_STATS_DATA, {@code mqadmin statsAll}):
 * by RocketMQ's stats name ({@code TOPIC_PUT_NUMS}, {@code TOPIC_PUT_SIZE} for a topic; {@code GROUP_GET_NUMS},
 * {@code GROUP_GET_SIZE} for {@code topic@group}) over the last minute, hour and day. Empty when the name is
 * not one hexmq keeps, or nothing was recorded under the key since the broker started.
 */
public final class ViewBrokerStats {

    public record Query(String statsName, String statsKey) {

        public Query {
            Objects.requireNonNull(statsName, "statsName");
            Objects.requireNonNull(statsKey, "statsKey");
        }
    }

    private final BrokerStatistics statistics;

    public ViewBrokerStats(BrokerStatistics statistics) {
        this.statistics = Objects.requireNonNull(statistics, "statistics");
    }

    public Optional<TrafficStats.Figures> view(Query query) {
        return TrafficStats.Stat.named(query.statsName())
                .flatMap(stat -> statistics.traffic().figures(stat, query.statsKey()));
    }
}
