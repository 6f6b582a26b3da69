package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.domain.topic.DataVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlPlainAclStoreTest {

    /** The sample plain_acl.yml RocketMQ 4.9 ships, as its users have it. */
    private static final String ROCKETMQ_SAMPLE = """
            globalWhiteRemoteAddresses:
              - 10.10.103.*
              - 192.168.0.*

            accounts:
              - accessKey: RocketMQ
                secretKey: 12345678
                whiteRemoteAddress:
                admin: false
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - topicA=DENY
                  - topicB=PUB|SUB
                  - topicC=SUB
                groupPerms:
                  # the group should convert to retry topic
                  - groupA=DENY
                  - groupB=PUB|SUB
                  - groupC=SUB

              - accessKey: rocketmq2
                secretKey: 12345678
                whiteRemoteAddress: 192.168.1.*
                # if it is admin, it could access all resources
                admin: true
            """;

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(1_000);

    private YamlPlainAclStore store(Path file) {
        return new YamlPlainAclStore(file, clock);
    }

    @Test
    void readsRocketMqsSampleFile_scalarsAsText() throws Exception {
        Path file = directory.resolve("plain_acl.yml");
        Files.writeString(file, ROCKETMQ_SAMPLE);

        PlainAclTable table = store(file).load().orElseThrow();

        assertThat(table.globalWhiteRemoteAddresses()).extracting(AddressPattern::text)
                .containsExactly("10.10.103.*", "192.168.0.*");
        assertThat(table.accounts().keySet()).containsExactly("RocketMQ", "rocketmq2");
        PlainAccount first = table.account("RocketMQ").orElseThrow();
        assertThat(first.secretKey()).isEqualTo("12345678");
        assertThat(first.whiteRemoteAddress().isNone()).isTrue();
        assertThat(first.defaultGroupPerm()).isEqualTo(PlainPerm.SUB);
        assertThat(first.topicPerms()).containsExactly(Map.entry("topicA", PlainPerm.DENY),
                Map.entry("topicB", PlainPerm.PUB_SUB), Map.entry("topicC", PlainPerm.SUB));
        assertThat(first.groupPerms()).containsEntry("groupB", PlainPerm.PUB_SUB);
        PlainAccount second = table.account("rocketmq2").orElseThrow();
        assertThat(second.admin()).isTrue();
        assertThat(second.defaultTopicPerm()).isEqualTo(PlainPerm.DENY);
        assertThat(table.version()).isEqualTo(DataVersion.initial(1_000));
    }

    @Test
    void aMissingFileIsNoTable_anEmptyOneAnEmptyTable() throws Exception {
        assertThat(store(directory.resolve("absent.yml")).load()).isEmpty();
        Path empty = Files.writeString(directory.resolve("empty.yml"), "");

        assertThat(store(empty).load().orElseThrow().accounts()).isEmpty();
    }

    @Test
    void writesTheTableBack_inALayoutItAndRocketMqRead() throws Exception {
        Path file = directory.resolve("plain_acl.yml");
        Files.writeString(file, ROCKETMQ_SAMPLE);
        YamlPlainAclStore store = store(file);
        PlainAclTable changed = store.load().orElseThrow().with(new PlainAccount("added-1", "added-secret",
                AddressPattern.parse("10.0.0.{1,2}"), false, PlainPerm.PUB, PlainPerm.SUB,
                Map.of("orders", PlainPerm.PUB_SUB), Map.of()), 2_000);

        store.save(changed);

        String written = Files.readString(file);
        assertThat(written).contains("accessKey: added-1", "orders=PUB|SUB", "dataVersion:", "counter: 1",
                "timestamp: 2000", "secretKey: '12345678'");
        assertThat(store(file).load().orElseThrow()).isEqualTo(changed);
    }

    @Test
    void reloadsOnlyWhenTheContentChanged() throws Exception {
        Path file = directory.resolve("plain_acl.yml");
        Files.writeString(file, ROCKETMQ_SAMPLE);
        YamlPlainAclStore store = store(file);
        PlainAclTable loaded = store.load().orElseThrow();
        assertThat(store.loadIfChanged()).isEmpty();
        store.save(loaded.without("rocketmq2", 3_000));
        assertThat(store.loadIfChanged()).as("its own save is no change").isEmpty();

        Files.writeString(file, ROCKETMQ_SAMPLE.replace("rocketmq2", "rocketmq3"));

        assertThat(store.loadIfChanged().orElseThrow().accounts().keySet()).containsExactly("RocketMQ", "rocketmq3");
        assertThat(store.loadIfChanged()).isEmpty();
        Files.delete(file);
        assertThat(store.loadIfChanged()).as("a deleted file keeps the accounts in force").isEmpty();
    }

    @Test
    void aBrokenEditIsReportedOnce_withoutQuotingTheFile() throws Exception {
        Path file = directory.resolve("plain_acl.yml");
        Files.writeString(file, ROCKETMQ_SAMPLE);
        YamlPlainAclStore store = store(file);
        store.load();
        Files.writeString(file, "accounts:\n  - accessKey: oops\n    secretKey: [hunter2-secret\n");

        assertThatThrownBy(store::loadIfChanged).isInstanceOf(AuthStorageException.class)
                .hasMessageContaining("is not valid YAML at line").hasMessageNotContaining("hunter2")
                .hasNoCause();
        assertThat(store.loadIfChanged()).isEmpty();
    }

    @Test
    void refusesClassTags_sharedAccessKeysAndBadPermissionEntries() throws Exception {
        Path tagged = Files.writeString(directory.resolve("tagged.yml"),
                "accounts: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://x\"]]]]\n");
        assertThatThrownBy(() -> store(tagged).load()).isInstanceOf(AuthStorageException.class);

        Path shared = Files.writeString(directory.resolve("shared.yml"), """
                accounts:
                  - {accessKey: twice-key, secretKey: secret-one}
                  - {accessKey: twice-key, secretKey: secret-two}
                """);
        assertThatThrownBy(() -> store(shared).load()).isInstanceOf(InvalidAuthDataException.class)
                .hasMessageContaining("twice-key").hasMessageNotContaining("secret-one");

        Path badPerm = Files.writeString(directory.resolve("perm.yml"), """
                accounts:
                  - {accessKey: perm-key, secretKey: perm-secret, topicPerms: [topicA]}
                """);
        assertThatThrownBy(() -> store(badPerm).load()).isInstanceOf(InvalidAuthDataException.class)
                .hasMessageContaining("name=PERM");
    }
}
