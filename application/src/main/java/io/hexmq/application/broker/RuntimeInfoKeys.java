package io.hexmq.application.broker;

/**
 * The GET_BROKER_RUNTIME_INFO keys that are read as well as written (by the admin CLI's cluster list and the web
 * console's cluster view), RocketMQ's names for them, and how to read their values.
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

    private RuntimeInfoKeys() {
    }

    /** The newest of a rate value's windows ({@code "12.5 11.0 10.2"} → {@code "12.5"}); null for none. */
    public static String latestRate(String rates) {
        return rates == null || rates.isBlank() ? null : rates.trim().split("\\s+")[0];
    }
}
