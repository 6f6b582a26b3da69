package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;

/** A listen or peer address written as {@code HOST:PORT}; port 0 asks the OS for a free port. */
public record HostPort(String host, int port) {

    public HostPort {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be within 0..65535, got " + port);
        }
    }

    public static HostPort parse(String text) throws LaunchException {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new LaunchException("expected HOST:PORT, got '" + text + "'");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new HostPort(host, Integer.parseInt(text.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new LaunchException("expected HOST:PORT with a port within 0..65535, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
