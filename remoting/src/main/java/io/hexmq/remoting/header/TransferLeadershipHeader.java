package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * TRANSFER_GROUP_LEADERSHIP (900001, hexmq's own): {@code toReplica}, the id of the replica that is to lead, as
 * {@code dLegerPeers} names it ({@code n2}).
 */
public final class TransferLeadershipHeader {

    public static final HeaderField<String> TO_REPLICA = requiredString("toReplica");

    private TransferLeadershipHeader() {
    }
}
