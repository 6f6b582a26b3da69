package io.hexmq.remoting.protocol;

/**
 * Values of the {@code version} envelope field: ordinals of the official {@code MQVersion.Version}
 * enum. Peers compare them, so hexmq sends a real one ({@link #CURRENT}) in every command it writes.
 */
public final class ProtocolVersion {

    public static final int V3_0_11 = 37;
    public static final int V3_4_9 = 121;
    public static final int V4_0_0 = 213;
    /** Below this, clients refuse SQL92 pulls. */
    public static final int V4_1_0_SNAPSHOT = 232;
    /** Up to this version, clients add {@code _UNIQUE_KEY_QUERY} after signing a request, so it is not signed. */
    public static final int V4_9_3 = 399;
    /** From this version on, NameServers write route bodies as standard JSON. */
    public static final int V4_9_4 = 401;
    public static final int V5_0_0 = 413;
    public static final int V5_3_1 = 475;
    public static final int V5_3_3 = 479;
    public static final int V5_5_0 = 513;

    /**
     * The version hexmq announces in every request and response it writes: that of the newest official release it
     * is checked against (broker, client and mqadmin 5.5.0, whose broker says V5_5_0). Announcing it changes no
     * official client's behaviour: the only version gates in rocketmq-client and rocketmq-tools 5.5.0 are
     * {@link #V4_1_0_SNAPSHOT} (SQL92 pulls) and V3_1_8_SNAPSHOT (the monitor), and the 5.3.3 client's enum already
     * names ordinal 513, so it too prints V5_5_0.
     */
    public static final int CURRENT = V5_5_0;
    /** {@link #CURRENT} as the official enum names it: what {@code brokerVersionDesc} and the console show. */
    public static final String CURRENT_NAME = "V5_5_0";

    private ProtocolVersion() {
    }
}
