package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;

import io.hexmq.remoting.protocol.HeaderField;

/** GET_BROKER_CONSUME_STATS (317, {@code mqadmin brokerConsumeStats}): {@code isOrder} narrows it to orderly topics. */
public final class BrokerConsumeStatsHeader {

    public static final HeaderField<Boolean> IS_ORDER = optionalBoolean("isOrder", false);

    private BrokerConsumeStatsHeader() {
    }
}
