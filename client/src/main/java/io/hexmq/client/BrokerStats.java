package io.hexmq.client;

/**
 * One of a broker's traffic statistics over the last minute, hour and day ({@link Admin#brokerStats},
 * {@code mqadmin statsAll}), e.g. the messages put to a topic.
 *
 * @param minute the last minute
 * @param hour   the last hour
 * @param day    the last day
 */
public record BrokerStats(Window minute, Window hour, Window day) {

    /**
     * The figures of one window.
     *
     * @param sum   the total counted in it (messages or bytes, as the statistic's name says)
     * @param tps   the total per second
     * @param avgpt the mean per count (e.g. bytes per put)
     */
    public record Window(long sum, double tps, double avgpt) {
    }
}
