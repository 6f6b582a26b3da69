package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.master;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.settings.SettingsUpdate;
import io.hexmq.application.settings.SettingsUpdate.Refusal;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NameServerConfigUseCasesTest {

    private final NameServer ns = new NameServer();

    private SettingsUpdate.Outcome update(Map<String, String> changes) {
        return ns.updateNameServerConfig.update(new SettingsUpdate.Command(changes));
    }

    @Test
    void get_listsTheSettingsFixedAtStartAndTheLiveOnes_sortedByName() {
        assertThat(ns.getNameServerConfig.get()).containsExactly(
                Map.entry("brokerTimeoutMillis", "120000"),
                Map.entry("listenPort", "9876"),
                Map.entry("orderMessageEnable", "false"),
                Map.entry("returnOrderTopicConfigToBroker", "true"),
                Map.entry("scanNotActiveBrokerInterval", "5000"));
    }

    @Test
    void update_takesEffectOnTheNextRouteQuery_andShowsInGet() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));
        GetTopicRoute.Query t1 = new GetTopicRoute.Query(new TopicName("T1"));
        assertThat(ns.getTopicRoute.route(t1).orElseThrow().orderTopicConf()).isEmpty();

        SettingsUpdate.Outcome outcome = update(Map.of("orderMessageEnable", "true"));

        assertThat(outcome.applied()).isTrue();
        assertThat(ns.getTopicRoute.route(t1).orElseThrow().orderTopicConf()).contains("broker-a:4");
        assertThat(ns.getNameServerConfig.get()).containsEntry("orderMessageEnable", "true");
    }

    @Test
    void update_ofTheBrokerTimeout_appliesToTheNextRegistration() {
        update(Map.of("brokerTimeoutMillis", "1000", "returnOrderTopicConfigToBroker", "false"));
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        ns.clock.advanceMillis(1_001);

        assertThat(ns.expireInactiveBrokers.expire()).hasSize(1);
        assertThat(ns.live.get().returnOrderTopicConfigToBroker()).isFalse();
    }

    @Test
    void update_refusesRocketMqsBlackListedKeys_andChangesNothing() {
        SettingsUpdate.Outcome outcome = update(Map.of("kvConfigPath", "/tmp/evil.json",
                "orderMessageEnable", "true"));

        assertThat(outcome.refusal()).isEqualTo(Refusal.BLACK_LISTED);
        assertThat(outcome.reason()).contains("kvConfigPath");
        assertThat(ns.live.get()).isEqualTo(ns.settings);
    }

    @Test
    void update_refusesSettingsFixedAtStart_unknownKeysAndBadValues_andChangesNothing() {
        SettingsUpdate.Outcome fixed = update(Map.of("listenPort", "1", "orderMessageEnable", "true"));
        SettingsUpdate.Outcome scan = update(Map.of("scanNotActiveBrokerInterval", "1"));
        SettingsUpdate.Outcome unknown = update(Map.of("noSuchSetting", "1"));
        SettingsUpdate.Outcome bad = update(Map.of("orderMessageEnable", "yes"));
        SettingsUpdate.Outcome negative = update(Map.of("brokerTimeoutMillis", "-5"));

        assertThat(fixed.refusal()).isEqualTo(Refusal.FIXED_AT_START);
        assertThat(fixed.reason()).startsWith("listenPort");
        assertThat(scan.refusal()).isEqualTo(Refusal.FIXED_AT_START);
        assertThat(unknown.refusal()).isEqualTo(Refusal.UNKNOWN_KEY);
        assertThat(unknown.reason()).contains("noSuchSetting");
        assertThat(bad.refusal()).isEqualTo(Refusal.INVALID_VALUE);
        assertThat(bad.reason()).contains("orderMessageEnable", "'yes'");
        assertThat(negative.refusal()).isEqualTo(Refusal.INVALID_VALUE);
        assertThat(ns.live.get()).isEqualTo(ns.settings);
    }
}
