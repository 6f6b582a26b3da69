package io.hexmq.bootstrap.admin;

import io.hexmq.client.BrokerConsumeStats;
import io.hexmq.client.BrokerStats;
import io.hexmq.client.HaStatus;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.QueueProgress;
import java.util.SortedMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hexmq admin broker status|ha-status|stats|consume-stats}: mqadmin's brokerStatus, haStatus, statsAll and
 * brokerConsumeStats, of one broker.
 */
final class BrokerInspection {

    private BrokerInspection() {
    }

    @Command(name = "status", description = "Print a broker's runtime figures (mqadmin brokerStatus).")
    static final class Status extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Override
        Report execute(HexmqClient client) {
            SortedMap<String, String> runtime = client.admin().brokerRuntime(broker.address);
            Table table = Table.of("FIGURE", "VALUE");
            runtime.forEach(table::row);
            return Report.of(table, runtime);
        }
    }

    @Command(name = "ha-status",
            description = "Show a broker's master-slave replication: whether it is a master, where its commit log"
                    + " ends, how many slaves keep up. A replica of a Raft broker group has none to show.")
    static final class HaStatusOf extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Override
        Report execute(HexmqClient client) {
            HaStatus status = client.admin().haStatus(broker.address);
            Table table = Table.of("MASTER", "COMMITLOG MAX OFFSET", "IN-SYNC SLAVES");
            table.row(status.master(), status.masterCommitLogMaxOffset(), status.inSyncSlaves());
            return Report.of(table, status);
        }
    }

    @Command(name = "stats",
            description = "Show one of a broker's traffic statistics over the last minute, hour and day (mqadmin"
                    + " statsAll's figures).")
    static final class Stats extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Option(names = {"-s", "--stat"}, paramLabel = "NAME", defaultValue = "TOPIC_PUT_NUMS",
                description = "TOPIC_PUT_NUMS or TOPIC_PUT_SIZE (of a topic), GROUP_GET_NUMS or GROUP_GET_SIZE (of"
                        + " TOPIC@GROUP); default TOPIC_PUT_NUMS.")
        String stat;

        @Option(names = {"-k", "--key"}, paramLabel = "KEY", required = true,
                description = "The topic, or TOPIC@GROUP for a group's figures.")
        String key;

        @Override
        Report execute(HexmqClient client) {
            BrokerStats stats = client.admin().brokerStats(broker.address, stat, key);
            Table table = Table.of("WINDOW", "SUM", "PER SECOND", "AVERAGE");
            row(table, "minute", stats.minute());
            row(table, "hour", stats.hour());
            row(table, "day", stats.day());
            return Report.of(table, stats);
        }

        private static void row(Table table, String name, BrokerStats.Window window) {
            table.row(name, window.sum(), String.format("%.2f", window.tps()), String.format("%.2f", window.avgpt()));
        }
    }

    @Command(name = "consume-stats",
            description = "Show every consumer group's committed offset, lag and messages in flight on each of a"
                    + " broker's queues (mqadmin brokerConsumeStats).")
    static final class ConsumeStats extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Option(names = "--orderly", description = "Only the topics consumed orderly.")
        boolean orderly;

        @Override
        Report execute(HexmqClient client) {
            BrokerConsumeStats stats = client.admin().brokerConsumeStats(broker.address, orderly);
            Table table = Table.of("GROUP", "TOPIC", "QUEUE", "BROKER OFFSET", "CONSUMER OFFSET", "LAG", "INFLIGHT",
                    "LAST CONSUMED");
            for (BrokerConsumeStats.GroupTopic group : stats.groups()) {
                for (QueueProgress queue : group.queues()) {
                    table.row(group.group(), queue.queue().topic(), queue.queue().queueId(), queue.brokerOffset(),
                            queue.consumerOffset(), queue.lag(), queue.inflight(), Cells.time(queue.lastTimestamp()));
                }
            }
            return new Report(table.render() + "Total lag: " + stats.totalDiff() + ", in flight: "
                    + stats.totalInflightDiff() + System.lineSeparator(), stats);
        }
    }
}
