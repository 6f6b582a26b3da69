package io.hexmq.bootstrap.config;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * ACL 1.0 of a broker: {@code aclEnable} (RocketMQ's name, off by default) and the file its accounts are in.
 * RocketMQ 4.x reads {@code ${rocketmqHome}/conf/plain_acl.yml}; so does hexmq, {@code rocketmqHome} being the
 * setting of that name, else the {@code rocketmq.home.dir} system property, else the {@code ROCKETMQ_HOME}
 * environment variable (RocketMQ's order), else the working directory. {@code aclConfigFile} names the file
 * itself instead. (RocketMQ 4.9.3+ also reads every file of {@code conf/acl/}; hexmq keeps one file.)
 *
 * @param enabled whether every request must pass ACL 1.0
 * @param file    where the accounts are read from and written back to
 */
public record PlainAclConfig(boolean enabled, Path file) {

    static final String DEFAULT_RELATIVE_FILE = "conf/plain_acl.yml";

    public static PlainAclConfig from(RawConfig raw, Properties system, Map<String, String> environment)
            throws LaunchException {
        boolean enabled = raw.bool("aclEnable", false);
        String explicit = raw.string("aclConfigFile", null);
        String home = raw.string("rocketmqHome", null);
        if (explicit != null && !explicit.isBlank()) {
            return new PlainAclConfig(enabled, Path.of(explicit.trim()));
        }
        if (home == null || home.isBlank()) {
            home = system.getProperty("rocketmq.home.dir", environment.get("ROCKETMQ_HOME"));
        }
        Path base = home == null || home.isBlank() ? Path.of("") : Path.of(home.trim());
        return new PlainAclConfig(enabled, base.resolve(DEFAULT_RELATIVE_FILE));
    }
}
