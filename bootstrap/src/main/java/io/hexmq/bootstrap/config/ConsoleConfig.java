package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;

/**
 * The web console in the broker's process: {@code consoleEnable} (off for {@code hexmq broker}, on for
 * {@code hexmq standalone}), {@code consoleHost} (loopback unless told) and {@code consolePort} (8082, the port the
 * RocketMQ Dashboard serves on, so an operator's bookmark carries over).
 *
 * <p>The console has no login of its own yet, so it does not start beside authentication or ACL: a console that
 * anyone reaching the port could use would undo them.
 *
 * @param port 0 for an ephemeral port
 */
public record ConsoleConfig(boolean enabled, String host, int port) {

    public static final String ENABLE = "consoleEnable";
    public static final String HOST = "consoleHost";
    public static final String PORT = "consolePort";
    public static final int DEFAULT_PORT = 8082;

    public ConsoleConfig {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(PORT + " must be between 0 and 65535, not " + port);
        }
    }

    /** @param secured whether authentication or ACL is on */
    public static ConsoleConfig from(RawConfig raw, boolean secured) throws LaunchException {
        boolean enabled = raw.bool(ENABLE, false);
        String host = raw.string(HOST, "").trim();
        ConsoleConfig config;
        try {
            config = new ConsoleConfig(enabled, host.isEmpty() ? "127.0.0.1" : host, raw.integer(PORT, DEFAULT_PORT));
        } catch (IllegalArgumentException e) {
            throw new LaunchException("invalid console setting: " + e.getMessage(), e);
        }
        if (enabled && secured) {
            throw new LaunchException(ENABLE + "=true with authentication or ACL on: the web console has no login yet, "
                    + "so it would let anyone past them; set " + ENABLE + "=false");
        }
        return config;
    }

    /**
     * What {@code hexmq standalone} starts with: the console on, unless the settings say otherwise or turn
     * authentication or ACL on (then it stays off, as {@link #from} would refuse it).
     */
    public static RawConfig onByDefault(RawConfig raw) throws LaunchException {
        if (raw.has(ENABLE) || secured(raw)) {
            return raw;
        }
        return raw.with(ENABLE, "true");
    }

    /** Whether authentication, authorization (ACL 2.0) or ACL 1.0 is on. */
    static boolean secured(RawConfig raw) throws LaunchException {
        AuthConfig auth = AuthConfig.from(raw);
        return auth.settings().authenticationEnabled() || auth.settings().authorizationEnabled()
                || PlainAclConfig.from(raw, System.getProperties(), System.getenv()).enabled();
    }

    /** The settings as GET_BROKER_CONFIG lists them. */
    String describe() {
        return ENABLE + "=" + enabled + "\n" + HOST + "=" + host + "\n" + PORT + "=" + port + "\n";
    }
}
