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
        table.put(RuntimeInfoKeys.PUT_TOTAL_TODAY, Long.toString(stats.putTotal()));
        table.put("msgPutTotalTodayMorning", Long.toString(stats.putTotalTodayMorning()));
        table.put("msgPutTotalYesterdayMorning", Long.toString(stats.putTotalYesterdayMorning()));
        table.put(RuntimeInfoKeys.GET_TOTAL_TODAY, Long.toString(stats.getTotal()));
        table.put("msgGetTotalTodayMorning", Long.toString(stats.getTotalTodayMorning()));
        table.put("msgGetTotalYesterdayMorning", Long.toString(stats.getTotalYesterdayMorning()));
        table.put(RuntimeInfoKeys.PUT_TPS, rates(stats.putTps()));
        table.put(RuntimeInfoKeys.GET_TRANSFERRED_TPS, rates(stats.getTps()));
        // RocketMQ counts store reads here, not messages: a pull that found three messages is one found read
        double[] found = stats.foundReadTps();
        double[] missed = stats.missedReadTps();
        double[] total = new double[found.length];
        for (int i = 0; i < total.length; i++) {
            total[i] = found[i] + missed[i];
        }
        table.put("getFoundTps", rates(found));
        table.put("getMissTps", rates(missed));
        table.put("getTotalTps", rates(total));
        table.put("putMessageFailedTimes", Long.toString(stats.putFailedTotal()));
        PutLatencies latencies = statistics.putLatencies();
        table.put("putMessageEntireTimeMax", Long.toString(latencies.max()));
        table.put("getMessageEntireTimeMax", Long.toString(statistics.longestReadMillis()));
        table.put("putMessageDistributeTime", latencies.distribution());
        table.put("putLatency99", twoDecimals(latencies.percentile(0.99)));
        table.put("putLatency999", twoDecimals(latencies.percentile(0.999)));
        // RocketMQ's store never raises this figure from 0, so that is what any RocketMQ broker reports
        table.put("dispatchMaxBuffer", "0");
        putPool(table, "send", gauges.sendPool());
        putPool(table, "pull", gauges.pullPool());
        // RocketMQ gives lite pulls, acks, queries and transaction ends pools of their own; here lite pulls and
        // acks wait in the pull pool's queue and queries in the admin pool's, so their keys report those queues
        putPool(table, "litePull", gauges.pullPool());
        putPool(table, "ack", gauges.pullPool());
        putPool(table, "query", gauges.adminPool());
        table.put("EndTransactionQueueSize", Long.toString(gauges.adminPool().size().getAsLong()));
        table.put("EndTransactionThreadPoolQueueCapacity", Long.toString(gauges.adminPool().capacity().getAsLong()));
        table.put("putMessageTimesTotal", Long.toString(stats.putTotal()));
        table.put("putMessageSizeTotal", Long.toString(stats.putSizeTotal()));
        table.put("putMessageAverageSize",
                Double.toString(stats.putTotal() == 0 ? 0.0 : stats.putSizeTotal() / (double) stats.putTotal()));
        table.put("pageCacheLockTimeMills", Long.toString(gauges.pageCacheLockTimeMills().getAsLong()));
        table.put("earliestMessageTimeStamp", Long.toString(gauges.earliestMessageTimeStamp().getAsLong()));
        String diskRatio = Double.toString(gauges.storeDiskRatio().getAsDouble());
        table.put(RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO, diskRatio);
        gauges.commitLogDiskRatios().get().forEach((directory, ratio) ->
                table.put(RuntimeInfoKeys.commitLogDiskRatioOf(directory), Double.toString(ratio)));
        table.put(RuntimeInfoKeys.DISPATCH_BEHIND_BYTES, Long.toString(gauges.undispatchedBytes().getAsLong()));
        table.put(RuntimeInfoKeys.REMAIN_TO_FLUSH, byteCount(gauges.unflushedBytes().getAsLong()));
        // consume queues live under the same root as the commit log, so on the same disk
        table.put("consumeQueueDiskRatio", diskRatio);
        table.put("commitLogDirCapacity", "Total : " + byteCount(gauges.storeDisk().totalBytes().getAsLong())
                + ", Free : " + byteCount(gauges.storeDisk().freeBytes().getAsLong()) + ".");
        table.put("commitLogMinOffset", Long.toString(gauges.commitLogMinOffset().getAsLong()));
        table.put("commitLogMaxOffset", Long.toString(gauges.commitLogMaxOffset().getAsLong()));
        // hexmq accepts sends once it has started, as RocketMQ does with its default of 0 here
        table.put("startAcceptSendRequestTimeStamp", "0");
        // RocketMQ's figure for a store without a transient buffer pool, which hexmq never has
        table.put("remainTransientStoreBufferNumbs", Integer.toString(Integer.MAX_VALUE));
        gauges.delayLevels().get().forEach((level, offsets) ->
                table.put("scheduleMessageOffset_" + level, offsets.delivered() + "," + offsets.queued()));
        table.put("timerReadBehind", "0");
        table.put("timerOffsetBehind", "0");
        table.put("timerCongestNum", "0");
        table.put("timerEnqueueTps", "0.0");
        table.put("timerDequeueTps", "0.0");
        group.ifPresent(status -> ReplicaRuntimeInfo.putInto(table, status));
        return table;
    }

    /** Size, capacity and head wait of one queue under RocketMQ's names for {@code name}'s pool. */
    private static void putPool(Map<String, String> table, String name, RuntimeGauges.PoolQueue queue) {
        table.put(name + "ThreadPoolQueueSize", Long.toString(queue.size().getAsLong()));
        table.put(name + "ThreadPoolQueueCapacity", Long.toString(queue.capacity().getAsLong()));
        table.put(name + "ThreadPoolQueueHeadWaitTimeMills", Long.toString(queue.headWaitMillis().getAsLong()));
    }

    /** {@code "512 B"}, {@code "1.5 KiB"}, {@code "37.2 GiB"}: binary units, one decimal, as RocketMQ prints sizes. */
    static String byteCount(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        int exponent = (63 - Long.numberOfLeadingZeros(bytes)) / 10;
        long tenths = Math.round(bytes * 10 / Math.pow(1024, exponent));
        return tenths / 10 + "." + tenths % 10 + " " + "KMGTPE".charAt(exponent - 1) + "iB";
    }

    private static String twoDecimals(double value) {
        return rates(new double[] {value});
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
