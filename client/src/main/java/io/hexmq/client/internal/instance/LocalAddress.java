package io.hexmq.client.internal.instance;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;

/** This host's IPv4 address for client ids and message ids: a site-local one if any, else any non-loopback one. */
final class LocalAddress {

    private static final byte[] LOOPBACK = {127, 0, 0, 1};

    private LocalAddress() {
    }

    static byte[] ipv4() {
        byte[] fallback = null;
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                        if (address.isSiteLocalAddress()) {
                            return address.getAddress();
                        }
                        if (fallback == null) {
                            fallback = address.getAddress();
                        }
                    }
                }
            }
        } catch (SocketException e) {
            return LOOPBACK.clone();
        }
        return fallback != null ? fallback : LOOPBACK.clone();
    }

    static String text(byte[] ip) {
        return (ip[0] & 0xFF) + "." + (ip[1] & 0xFF) + "." + (ip[2] & 0xFF) + "." + (ip[3] & 0xFF);
    }
}
