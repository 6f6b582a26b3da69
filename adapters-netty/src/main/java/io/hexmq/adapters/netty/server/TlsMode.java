package io.hexmq.adapters.netty.server;

import java.util.Locale;

/**
 * Whether a remoting port speaks TLS, with RocketMQ's {@code tls.server.mode} values: {@code disabled}
 * (plain only), {@code permissive} (TLS and plain on one port, told apart by a connection's first bytes),
 * {@code enforcing} (TLS only; a plain connection is closed).
 */
public enum TlsMode {
    DISABLED, PERMISSIVE, ENFORCING;

    public static TlsMode parse(String text) {
        for (TlsMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("tls.server.mode must be disabled, permissive or enforcing, got '"
                + text + "'");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
