package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.message.HostAddress;
import java.net.InetSocketAddress;

/** A connection's peer address as the message record stores it (the producer's born host). */
final class HostAddresses {

    private static final byte[] UNKNOWN_IPV4 = new byte[4];

    private HostAddresses() {
    }

    /** The peer's IP and port; 0.0.0.0 when the address is unknown or unresolved (never on a live TCP channel). */
    static HostAddress of(InetSocketAddress address) {
        if (address == null) {
            return HostAddress.of(UNKNOWN_IPV4, 0);
        }
        if (address.isUnresolved() || address.getAddress() == null) {
            return HostAddress.of(UNKNOWN_IPV4, address.getPort());
        }
        return HostAddress.of(address);
    }
}
