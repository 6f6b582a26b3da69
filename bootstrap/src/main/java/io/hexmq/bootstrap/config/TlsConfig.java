package io.hexmq.bootstrap.config;

import io.hexmq.adapters.netty.server.ServerTls;
import io.hexmq.adapters.netty.server.TlsMode;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.remoting.client.ClientTls;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import javax.net.ssl.SSLException;

/**
 * TLS of a server's ports and of its own outbound connections, with RocketMQ's names:
 * {@code tls.server.mode} (disabled, permissive, enforcing), {@code tls.server.certPath},
 * {@code tls.server.keyPath} (PKCS#8 PEM), {@code tls.server.trustCertPath},
 * {@code tls.server.need.client.auth} (none, optional, require), {@code tls.test.mode.enable} (a
 * self-signed certificate made at start instead of the files), {@code tls.enable} (outbound connections
 * speak TLS) and {@code tls.client.trustCertPath}. Each is read from the settings (broker.conf,
 * {@code -Dkey=value} on the launcher), else from {@code tls.config.file}, else from the JVM's system
 * properties, as RocketMQ reads them. Unlike RocketMQ (permissive with a test certificate), TLS is off
 * unless asked for. Certificates are loaded here, so a bad file stops the launch.
 *
 * @param server the ports' TLS
 * @param client the outbound connections' TLS
 */
public record TlsConfig(ServerTls server, ClientTls client) {

    public static TlsConfig from(RawConfig raw, Properties system) throws LaunchException {
        Properties file = tlsConfigFile(setting(raw, new Properties(), system, "tls.config.file"));
        TlsMode mode = TlsMode.parse(orElse(setting(raw, file, system, "tls.server.mode"), "disabled"));
        boolean testMode = Boolean.parseBoolean(orElse(setting(raw, file, system, "tls.test.mode.enable"), "false"));
        try {
            ServerTls server = ServerTls.DISABLED;
            if (mode != TlsMode.DISABLED && testMode) {
                server = ServerTls.selfSigned(mode);
            } else if (mode != TlsMode.DISABLED) {
                String cert = setting(raw, file, system, "tls.server.certPath");
                String key = setting(raw, file, system, "tls.server.keyPath");
                if (cert == null || key == null) {
                    throw new LaunchException("tls.server.mode=" + mode + " needs tls.server.certPath and"
                            + " tls.server.keyPath, or tls.test.mode.enable=true");
                }
                String trust = setting(raw, file, system, "tls.server.trustCertPath");
                server = ServerTls.fromFiles(mode, Path.of(cert), Path.of(key), trust == null ? null : Path.of(trust),
                        orElse(setting(raw, file, system, "tls.server.need.client.auth"), "none"));
            }
            boolean outbound = Boolean.parseBoolean(orElse(setting(raw, file, system, "tls.enable"), "false"));
            String clientTrust = setting(raw, file, system, "tls.client.trustCertPath");
            ClientTls client = !outbound ? ClientTls.NONE
                    : clientTrust == null ? ClientTls.trustingAnyServer() : ClientTls.trusting(Path.of(clientTrust));
            return new TlsConfig(server, client);
        } catch (SSLException | IllegalArgumentException e) {
            throw new LaunchException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static String setting(RawConfig raw, Properties file, Properties system, String key) {
        String value = raw.string(key, null);
        if (value == null) {
            value = file.getProperty(key);
        }
        if (value == null) {
            value = system.getProperty(key);
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static String orElse(String value, String absent) {
        return value == null ? absent : value;
    }

    private static Properties tlsConfigFile(String path) throws LaunchException {
        Properties properties = new Properties();
        if (path != null) {
            try (Reader reader = Files.newBufferedReader(Path.of(path), StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new LaunchException("cannot read tls.config.file " + path + ": " + e.getMessage(), e);
            }
        }
        return properties;
    }
}
