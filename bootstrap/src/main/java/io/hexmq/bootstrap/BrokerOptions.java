package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every command that starts a Broker shares (mixed into {@code broker} and {@code standalone}). */
final class BrokerOptions {

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "A broker.conf with RocketMQ-style Broker settings (brokerName, namesrvAddr, flushDiskType, ...).")
    Path configFile;

    @Option(names = "--store", paramLabel = "file|chronicle",
            description = "The message store: file (default; RocketMQ-style commit log) or chronicle (Chronicle Queue).")
    String store;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "Override one Broker setting, e.g. -DflushDiskType=SYNC_FLUSH (repeatable).")
    Map<String, String> overrides = new LinkedHashMap<>();

    /** Reads the file and overrides, applies what the command itself decides, and picks a free port for port 0. */
    BrokerConfig load(Map<String, String> commandSettings, String listen) throws LaunchException {
        return load(commandSettings, raw -> raw, listen);
    }

    /** A command's own defaults, applied to what the file, the overrides and the command's settings give. */
    @FunctionalInterface
    interface Defaults {
        RawConfig apply(RawConfig raw) throws LaunchException;
    }

    /** As {@link #load(Map, String)}, with the command's defaults for what the settings leave unset. */
    BrokerConfig load(Map<String, String> commandSettings, Defaults commandDefaults, String listen)
            throws LaunchException {
        RawConfig raw = RawConfig.load(configFile, overrides);
        for (Map.Entry<String, String> setting : commandSettings.entrySet()) {
            raw = raw.with(setting.getKey(), setting.getValue());
        }
        raw = commandDefaults.apply(raw);
        if (store != null) {
            raw = raw.with("storeType", store);
        }
        if (listen != null) {
            HostPort address = HostPort.parse(listen);
            raw = raw.with("bindAddress", address.host()).with("listenPort", Integer.toString(address.port()));
        }
        BrokerConfig requested = BrokerConfig.from(raw);
        UnknownSettings.warn(raw);
        HostPort port = FreePorts.brokerPort(requested.listen());
        if (port.equals(requested.listen())) {
            return requested;
        }
        return BrokerConfig.from(raw.with("listenPort", Integer.toString(port.port())));
    }
}
