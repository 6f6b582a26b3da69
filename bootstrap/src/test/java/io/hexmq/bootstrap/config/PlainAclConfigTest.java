package io.hexmq.bootstrap.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PlainAclConfigTest {

    private static Properties system(String home) {
        Properties properties = new Properties();
        if (home != null) {
            properties.setProperty("rocketmq.home.dir", home);
        }
        return properties;
    }

    @Test
    void isOffByDefault_andLooksWhereRocketMqLooks() throws Exception {
        PlainAclConfig config = PlainAclConfig.from(RawConfig.of(Map.of()), system(null), Map.of());

        assertThat(config.enabled()).isFalse();
        assertThat(config.file()).isEqualTo(Path.of("conf/plain_acl.yml"));
    }

    @Test
    void theHomeComesFromTheSetting_thenTheSystemProperty_thenTheEnvironment() throws Exception {
        Map<String, String> environment = Map.of("ROCKETMQ_HOME", "/opt/env-home");

        assertThat(PlainAclConfig.from(RawConfig.of(Map.of("aclEnable", "true", "rocketmqHome", "/opt/set")),
                system("/opt/prop"), environment).file()).isEqualTo(Path.of("/opt/set/conf/plain_acl.yml"));
        assertThat(PlainAclConfig.from(RawConfig.of(Map.of()), system("/opt/prop"), environment).file())
                .isEqualTo(Path.of("/opt/prop/conf/plain_acl.yml"));
        assertThat(PlainAclConfig.from(RawConfig.of(Map.of()), system(null), environment).file())
                .isEqualTo(Path.of("/opt/env-home/conf/plain_acl.yml"));
    }

    @Test
    void aclConfigFileNamesTheFileItself() throws Exception {
        PlainAclConfig config = PlainAclConfig.from(RawConfig.of(Map.of("aclEnable", "true",
                "aclConfigFile", "/etc/hexmq/acl.yml", "rocketmqHome", "/opt/set")), system("/opt/prop"), Map.of());

        assertThat(config.enabled()).isTrue();
        assertThat(config.file()).isEqualTo(Path.of("/etc/hexmq/acl.yml"));
    }
}
