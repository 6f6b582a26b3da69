package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Port 0 for a broker means "any free port", but a broker must know its port before it binds: the
 * port is part of its registered address and of every message id it hands out, and its VIP port is
 * {@code port - 2}. So the launcher picks a port whose VIP port is free as well.
 */
public final class FreePorts {

    private FreePorts() {
    }

    public static HostPort brokerPort(HostPort requested) throws LaunchException {
        if (requested.port() != 0) {
            return requested;
        }
        for (int attempt = 0; attempt < 50; attempt++) {
            int candidate = anyFreePort(requested.host());
            if (candidate > 1026 && isFree(requested.host(), candidate - 2)) {
                return new HostPort(requested.host(), candidate);
            }
        }
        throw new LaunchException("no free port pair (port, port - 2) found on " + requested.host());
    }

    private static int anyFreePort(String host) throws LaunchException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new LaunchException("cannot find a free port on " + host + ": " + e.getMessage(), e);
        }
    }

    private static boolean isFree(String host, int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(host))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
