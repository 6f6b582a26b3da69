package io.hexmq.bootstrap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports for a process that a test kills and starts again on the same port. A port the kernel
 * handed out as "any free port" lies in its ephemeral range, from which it also picks the local port of
 * every outgoing connection: between the kill and the restart another connection on the machine may take
 * it, and the restart then fails to bind. So these ports are picked below that range, free when picked.
 */
public final class RestartPorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 20_000;
    private static final int ATTEMPTS = 200;

    private RestartPorts() {
    }

    /** A free port that no outgoing connection takes. */
    public static int port() throws IOException {
        int below = firstEphemeralPort();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int candidate = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (isFree(candidate)) {
                return candidate;
            }
        }
        throw new IOException("no free port between " + LOWEST + " and " + below + " on 127.0.0.1");
    }

    /** A free broker port whose VIP port ({@code port - 2}) is free too, both outside the ephemeral range. */
    public static int brokerPort() throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int candidate = port();
            if (isFree(candidate - 2)) {
                return candidate;
            }
        }
        throw new IOException("no free port pair (port, port - 2) below the ephemeral range on 127.0.0.1");
    }

    private static int firstEphemeralPort() throws IOException {
        if (!Files.isReadable(EPHEMERAL_RANGE)) {
            return 32_768; // Linux's default range starts here; other systems start higher
        }
        // a line read, not readString: a /proc file reports no size, and a sized read stops short
        String[] range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+");
        int first = Integer.parseInt(range[0]);
        if (first <= LOWEST + 1_000) {
            throw new IOException("the ephemeral range starts at " + first + ", too low to pick ports below it");
        }
        return first;
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
