package io.hexmq.application.broker;

import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.time.port.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The broker's runtime figures as RocketMQ's GET_BROKER_RUNTIME_INFO names them (mqadmin
 * {@code clusterList} and dashboards read them): message totals now, this morning and yesterday
 * morning, rates, executor queues, store extent. Values are strings, as the wire carries them; rates
 * are three space-separated numbers (10 s, 1 min, 10 min). Keys of features hexmq does not have
 * (the timer wheel) report 0, which is their true value. A replica of a broker group adds its role, term
 * and lag ({@link ReplicaRuntimeInfo}). The protocol adapter adds the version keys.
 */
public final class GetBrokerRuntimeInfo {

    /** No parameters: the query is always the whole table. */
    public record Query() {
    }

    private final BrokerStatistics statistics;
    private final RuntimeGauges gauges;
    private final Clock clock;
    private final long bootTimestamp;

    /** @param bootTimestamp when the broker started, ms */
    public GetBrokerRuntimeInfo(BrokerStatistics statistics, RuntimeGauges gauges, Clock clock, long bootTimestamp) {
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.gauges = Objects.requireNonNull(gauges, "gauges");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.bootTimestamp = bootTimestamp;
    }

    /** @return key → value, sorted by key */
    public Map<String, String> get(Query query) {
        BrokerStatistics.Snapshot stats = statistics.snapshot();
        Map<String, String> table = new TreeMap<>();
        Optional<GroupStatus> group = gauges.groupStatus().get();
        // RocketMQ's "the master's own services run" (scheduled and transactional messages): false on a slave
        table.put("brokerActive", Boolean.toString(group.map(status -> status.role().isLeader()).orElse(true)));
        table.put("bootTimestamp", Long.toString(bootTimestamp));
        table.put("runtime", runtime(clock.millis() - bootTimestamp));
        table.put("msgPutTotalTodayNow", Long.toString(stats.putTotal()));
        table.put("msgPutTotalTodayMorning", Long.toString(stats.putTotalTodayMorning()));
        table.put("msgPutTotalYesterdayMorning", Long.toString(stats.putTotalYesterdayMorning()));
        table.put("msgGetTotalTodayNow", Long.toString(stats.getTotal()));
        table.put("msgGetTotalTodayMorning", Long.toString(stats.getTotalTodayMorning()));
        table.put("msgGetTotalYesterdayMorning", Long.toString(stats.getTotalYesterdayMorning()));
        table.put("putTps", rates(stats.putTps()));
        table.put("getTransferredTps", rates(stats.getTps()));
        table.put("sendThreadPoolQueueSize", Long.toString(gauges.sendThreadPoolQueueSize().getAsLong()));
        table.put("sendThreadPoolQueueHeadWaitTimeMills",
                Long.toString(gauges.sendThreadPoolQueueHeadWaitTimeMills().getAsLong()));
        table.put("pullThreadPoolQueueSize", Long.toString(gauges.pullThreadPoolQueueSize().getAsLong()));
        table.put("pullThreadPoolQueueHeadWaitTimeMills",
                Long.toString(gauges.pullThreadPoolQueueHeadWaitTimeMills().getAsLong()));
        table.put("pageCacheLockTimeMills", Long.toString(gauges.pageCacheLockTimeMills().getAsLong()));
        table.put("earliestMessageTimeStamp", Long.toString(gauges.earliestMessageTimeStamp().getAsLong()));
        table.put("commitLogDiskRatio", Double.toString(gauges.commitLogDiskRatio().getAsDouble()));
        table.put("commitLogMinOffset", Long.toString(gauges.commitLogMinOffset().getAsLong()));
        table.put("commitLogMaxOffset", Long.toString(gauges.commitLogMaxOffset().getAsLong()));
        table.put("timerReadBehind", "0");
        table.put("timerOffsetBehind", "0");
        table.put("timerCongestNum", "0");
        table.put("timerEnqueueTps", "0.0");
        table.put("timerDequeueTps", "0.0");
        group.ifPresent(status -> ReplicaRuntimeInfo.putInto(table, status));
        return table;
    }

    /** {@code "12.50 3.00 0.40"}: two decimals, without String.format's locale surprises. */
    static String rates(double[] values) {
        StringBuilder text = new StringBuilder(32);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(' ');
            }
            long hundredths = Math.round(values[i] * 100);
            text.append(hundredths / 100).append('.');
            long fraction = Math.abs(hundredths % 100);
            if (fraction < 10) {
                text.append('0');
            }
            text.append(fraction);
        }
        return text.toString();
    }

    /** {@code "[ 0 days, 1 hours, 2 minutes, 3 seconds ]"}, RocketMQ's shape. */
    private static String runtime(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        return "[ " + seconds / 86_400 + " days, " + seconds % 86_400 / 3600 + " hours, "
                + seconds % 3600 / 60 + " minutes, " + seconds % 60 + " seconds ]";
    }
}
