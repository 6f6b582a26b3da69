package io.hexmq.remoting.protocol;

/**
 * Request codes of hexmq's own, for what RocketMQ's remoting protocol has no code for. They start at 900000,
 * beyond every code RocketMQ defines (at most 200151), and stand apart from {@link RequestCode}, whose every
 * name and value is RocketMQ's.
 */
public final class HexmqRequestCodes {

    /** The first of hexmq's own codes. */
    public static final int FIRST = 900_000;

    /**
     * Admin to broker: hands the broker group's leadership to the replica named by {@code toReplica} (a
     * {@code dLegerPeers} id), answering once it leads or failing with why. RocketMQ has no remoting code for
     * this: DLedger's own leadership transfer travels on its own protocol between the replicas.
     */
    public static final int TRANSFER_GROUP_LEADERSHIP = 900_001;

    private HexmqRequestCodes() {
    }
}
