package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.Optional;

/**
 * The web console in the broker's process: {@code consoleEnable} (off for {@code hexmq broker}, on for
 * {@code hexmq standalone}), {@code consoleHost} (loopback unless told) and {@code consolePort} (8082, the port the
 * RocketMQ Dashboard serves on, so an operator's bookmark carries over).
 *
 * <p>With ACL 2.0's authentication on, the browser signs in as one of the broker's users (and, with authorization
 * on, their policies are checked as for the admin requests); with ACL 1.0's {@code aclEnable}, as one of its
 * accounts (checked as the broker checks their requests). Where the console cannot honour the broker's security
 * (authorization without authentication, which names no user; both ACLs at once, which would need two sign-ins),
 * it does not start: it would undo that security.
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

    /** @param unsupportedSecurity why the console cannot serve beside the broker's security, if it cannot */
    public static ConsoleConfig from(RawConfig raw, Optional<String> unsupportedSecurity) throws LaunchException {
        boolean enabled = raw.bool(ENABLE, false);
        String host = raw.string(HOST, "").trim();
        ConsoleConfig config;
        try {
            config = new ConsoleConfig(enabled, host.isEmpty() ? "127.0.0.1" : host, raw.integer(PORT, DEFAULT_PORT));
        } catch (IllegalArgumentException e) {
            throw new LaunchException("invalid console setting: " + e.getMessage(), e);
        }
        if (enabled && unsupportedSecurity.isPresent()) {
            throw new LaunchException(ENABLE + "=true with " + unsupportedSecurity.get() + ": the web console cannot "
                    + "sign those in, so it would let anyone past them; set " + ENABLE + "=false");
        }
        return config;
    }

    /** Why the console cannot serve beside these security settings; empty when it can. */
    public static Optional<String> unsupportedSecurity(AuthConfig auth, PlainAclConfig plainAcl) {
        if (plainAcl.enabled() && auth.settings().authenticationEnabled()) {
            return Optional.of("ACL 1.0 (aclEnable) and ACL 2.0 (authenticationEnabled) together");
        }
        if (auth.settings().authorizationEnabled() && !auth.settings().authenticationEnabled()) {
            return Optional.of("authorization without authentication");
        }
        return Optional.empty();
    }

    /**
     * What {@code hexmq standalone} starts with: the console on, unless the settings say otherwise or turn on a
     * security it cannot honour (then it stays off, as {@link #from} would refuse it).
     */
    public static RawConfig onByDefault(RawConfig raw) throws LaunchException {
        if (raw.has(ENABLE) || unsupportedSecurity(AuthConfig.from(raw),
                PlainAclConfig.from(raw, System.getProperties(), System.getenv())).isPresent()) {
            return raw;
        }
        return raw.with(ENABLE, "true");
    }

    /** The settings as GET_BROKER_CONFIG lists them. */
    String describe() {
        return ENABLE + "=" + enabled + "\n" + HOST + "=" + host + "\n" + PORT + "=" + port + "\n";
    }
}
