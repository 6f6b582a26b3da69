package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/** VIEW_BROKER_STATS_DATA (315, {@code mqadmin statsAll}): which stats, and of which topic or {@code topic@group}. */
public final class BrokerStatsHeader {

    public static final HeaderField<String> STATS_NAME = requiredString("statsName");
    public static final HeaderField<String> STATS_KEY = requiredString("statsKey");

    private BrokerStatsHeader() {
    }
}
