package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.settings.SettingsUpdate.Command;
import io.hexmq.application.settings.SettingsUpdate.Outcome;
import io.hexmq.application.settings.SettingsUpdate.Refusal;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UpdateBrokerConfigTest {

    private final TestBroker broker = new TestBroker();
    private final UpdateBrokerConfig update = new UpdateBrokerConfig(broker.liveSettings,
            Set.of("brokerName", "listenPort", "brokerPermission"), broker.topics, broker.topicStore,
            broker.registersAtOnce, broker.clock);

    private Outcome apply(Map<String, String> changes) {
        return update.update(new Command(changes)).toCompletableFuture().join();
    }

    @Test
    void appliesEveryRunTimeSetting_onTheNextRead_andStepsTheSettingsVersion() {
        DataVersion before = broker.liveSettings.version();

        Outcome outcome = apply(Map.of("autoCreateTopicEnable", "false", "autoCreateSubscriptionGroup", "FALSE",
                "enablePropertyFilter", " true "));

        assertThat(outcome.applied()).isTrue();
        BrokerSettings now = broker.liveSettings.get();
        assertThat(now.autoCreateTopicEnable()).isFalse();
        assertThat(now.autoCreateSubscriptionGroup()).isFalse();
        assertThat(now.enablePropertyFilter()).isTrue();
        assertThat(now.brokerName()).isEqualTo(broker.settings.brokerName());
        assertThat(broker.liveSettings.version().counter()).isEqualTo(before.counter() + 1);
    }

    @Test
    void brokerPermission_registersTheTopicsAgainAtANewVersion_cappedByTheNewPermission() {
        DataVersion tableBefore = broker.topics.snapshot().dataVersion();

        assertThat(apply(Map.of("brokerPermission", "4")).applied()).isTrue();

        assertThat(broker.liveSettings.get().brokerPermission()).isEqualTo(new Permission(Permission.PERM_READ));
        assertThat(broker.topics.snapshot().dataVersion().counter()).isGreaterThan(tableBefore.counter());
        assertThat(broker.topicStore.load().orElseThrow().dataVersion())
                .isEqualTo(broker.topics.snapshot().dataVersion());
        assertThat(broker.nameServers.lastRegistration().dataVersion())
                .isEqualTo(broker.topics.snapshot().dataVersion());
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::permission)
                .allSatisfy(permission -> assertThat(permission.isWritable()).isFalse());
    }

    @Test
    void refusesABlackListedKey_beforeLookingAtAnyOther() {
        Outcome outcome = apply(Map.of("rocketmqHome", "/elsewhere", "autoCreateTopicEnable", "false"));

        assertThat(outcome.refusal()).isEqualTo(Refusal.BLACK_LISTED);
        assertThat(broker.liveSettings.get()).isEqualTo(broker.settings);
    }

    @Test
    void refusesASettingFixedAtStart_andAnUnknownOne_namingThem_allOrNothing() {
        Outcome fixed = apply(Map.of("listenPort", "1", "autoCreateTopicEnable", "false"));
        Outcome unknown = apply(Map.of("noSuchSetting", "1"));

        assertThat(fixed.refusal()).isEqualTo(Refusal.FIXED_AT_START);
        assertThat(fixed.reason()).contains("listenPort");
        assertThat(unknown.refusal()).isEqualTo(Refusal.UNKNOWN_KEY);
        assertThat(unknown.reason()).contains("noSuchSetting");
        assertThat(broker.liveSettings.get()).isEqualTo(broker.settings);
    }

    @Test
    void refusesValuesThatDoNotParse() {
        assertThat(apply(Map.of("brokerPermission", "8")).refusal()).isEqualTo(Refusal.INVALID_VALUE);
        assertThat(apply(Map.of("brokerPermission", "rw")).refusal()).isEqualTo(Refusal.INVALID_VALUE);
        assertThat(apply(Map.of("autoCreateTopicEnable", "yes")).refusal()).isEqualTo(Refusal.INVALID_VALUE);
        assertThat(broker.liveSettings.get()).isEqualTo(broker.settings);
    }

    @Test
    void anEmptyUpdate_changesNothing_notEvenTheVersion() {
        DataVersion before = broker.liveSettings.version();

        assertThat(apply(Map.of()).applied()).isTrue();

        assertThat(broker.liveSettings.version()).isEqualTo(before);
    }
}
