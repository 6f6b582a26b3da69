package io.hexmq.application.broker;

/**
 * GET_BROKER_RUNTIME_INFO keys under RocketMQ's names for them, and how to read their values: those read as well as
 * written (by the admin CLI's cluster list and the web console's cluster view), and those built from parts.
 */
public final class RuntimeInfoKeys {

    /** The protocol version the broker speaks, by the official enum's name ({@code V5_3_0}). */
    public static final String BROKER_VERSION_DESC = "brokerVersionDesc";
    /** The same version as the enum's ordinal. */
    public static final String BROKER_VERSION = "brokerVersion";
    /** Messages put per second: three rates, newest window first ({@link #latestRate}). */
    public static final String PUT_TPS = "putTps";
    /** Messages handed to consumers per second, as {@link #PUT_TPS}. */
    public static final String GET_TRANSFERRED_TPS = "getTransferredTps";
    public static final String PUT_TOTAL_TODAY = "msgPutTotalTodayNow";
    public static final String GET_TOTAL_TODAY = "msgGetTotalTodayNow";
    /** How full the commit log's disk is, a fraction between 0 and 1. */
    public static final String COMMIT_LOG_DISK_RATIO = "commitLogDiskRatio";
    /** Commit-log bytes not yet dispatched to the consume queues and the key index, a plain number. */
    public static final String DISPATCH_BEHIND_BYTES = "dispatchBehindBytes";
    /** Commit-log bytes not yet flushed, as {@code "0 B"} or {@code "1.5 KiB"}. */
    public static final String REMAIN_TO_FLUSH = "remainHowManyDataToFlush";

    private RuntimeInfoKeys() {
    }

    /** The {@link #COMMIT_LOG_DISK_RATIO} of one commit-log directory: RocketMQ reports one such key per path. */
    public static String commitLogDiskRatioOf(String commitLogDirectory) {
        return COMMIT_LOG_DISK_RATIO + "_" + commitLogDirectory;
    }

    /** The newest of a rate value's windows ({@code "12.5 11.0 10.2"} → {@code "12.5"}); null for none. */
    public static String latestRate(String rates) {
        return rates == null || rates.isBlank() ? null : rates.trim().split("\\s+")[0];
    }
}
