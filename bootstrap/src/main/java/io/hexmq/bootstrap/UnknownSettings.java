package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.RawConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Warns about settings nobody read: most often a misspelt property name. */
final class UnknownSettings {

    private static final Logger LOG = LoggerFactory.getLogger(UnknownSettings.class);

    private UnknownSettings() {
    }

    static void warn(RawConfig raw) {
        for (String key : raw.unreadKeys()) {
            LOG.warn("Ignoring unknown setting '{}'", key);
        }
    }
}
