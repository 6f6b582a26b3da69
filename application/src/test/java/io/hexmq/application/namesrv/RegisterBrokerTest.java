package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.address;
import static io.hexmq.application.namesrv.NameServer.master;
import static io.hexmq.application.namesrv.NameServer.registration;
import static io.hexmq.application.namesrv.NameServer.slave;
import static io.hexmq.application.namesrv.NameServer.topic;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.RegistrationResult;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RegisterBrokerTest {

    private final NameServer ns = new NameServer();

    @Test
    void publishesTheMastersTopics() {
        RegisterBroker.Result result = ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        assertThat(result.registration().isRegistered()).isTrue();
        assertThat(ns.getAllTopics.allTopics()).containsExactly(new TopicName("T1"), new TopicName("T2"));
    }

    @Test
    void givesSlave_itsLiveMastersAddressAndHaAddress() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        RegisterBroker.Result result = ns.registerBroker.register(slave("broker-a", "10.0.0.2", 1));

        assertThat(result.registration().masterAddress()).contains(address("10.0.0.1"));
        assertThat(result.registration().masterHaServerAddress()).contains(new BrokerAddress("10.0.0.1:10912"));
    }

    @Test
    void givesSlaveNoMaster_onceTheMastersLivenessExpired() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.clock.advanceMillis(120_001);
        ns.expireInactiveBrokers.expire();

        RegisterBroker.Result result = ns.registerBroker.register(slave("broker-a", "10.0.0.2", 1));

        assertThat(result.registration().masterAddress()).isEmpty();
    }

    @Test
    void rejectsSingleTopicRegistration_beforeTheFirstFullOne() {
        RegisterBroker.Result result = ns.registerBroker.register(
                registration("broker-a", "10.0.0.1", 0, new DataVersion(1, 1, 0), List.of(topic("T1", 4))));

        assertThat(result.registration().outcome())
                .isEqualTo(RegistrationResult.Outcome.REJECTED_BEFORE_FIRST_FULL_REGISTRATION);
        assertThat(result.orderTopicConfig()).isEmpty();
        assertThat(ns.getClusterInfo.clusterInfo().brokerAddrTable()).isEmpty();
    }

    @Test
    void returnsTheOrderTopicConfigTable_toTheBroker() {
        ns.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));

        RegisterBroker.Result result = ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        assertThat(result.orderTopicConfig()).contains(Map.of("T1", "broker-a:4"));
    }

    @Test
    void returnsNoOrderTopicConfig_whenTheNamespaceIsEmpty() {
        assertThat(ns.registerBroker.register(master("broker-a", "10.0.0.1")).orderTopicConfig()).isEmpty();
    }

    @Test
    void returnsNoOrderTopicConfig_whenTheSettingIsOff() {
        NameServer quiet = new NameServer(new NameServerSettings(false, false, Duration.ofSeconds(5),
                Duration.ofSeconds(120)));
        quiet.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));

        assertThat(quiet.registerBroker.register(master("broker-a", "10.0.0.1")).orderTopicConfig()).isEmpty();
    }

    @Test
    void appliesTheDefaultTimeout_whenTheBrokerSentNone() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        ns.clock.advanceMillis(120_000);
        assertThat(ns.expireInactiveBrokers.expire()).isEmpty();
        ns.clock.advanceMillis(1);
        assertThat(ns.expireInactiveBrokers.expire()).hasSize(1);
    }

    @Test
    void appliesTheBrokersOwnTimeout_whenItSentOne() {
        ns.registerBroker.register(NameServer.withTimeout(master("broker-a", "10.0.0.1"), 10_000));

        ns.clock.advanceMillis(10_001);

        assertThat(ns.expireInactiveBrokers.expire()).hasSize(1);
    }

    @Test
    void rejectsCommand_withANonPositiveTimeout() {
        RegisterBroker.Command command = master("broker-a", "10.0.0.1");

        assertThatThrownBy(() -> new RegisterBroker.Command(command.clusterName(), command.brokerName(),
                command.brokerAddress(), command.brokerId(), command.haServerAddress(), command.zoneName(),
                OptionalLong.of(0), false, command.dataVersion(), command.topicConfigs(), command.filterServers(),
                command.connection())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void leavesRoutesUntouched_whenTheDataVersionIsUnchanged() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        ns.registerBroker.register(registration("broker-a", "10.0.0.1", 0, new DataVersion(1_000, 1, 0),
                List.of(topic("T1", 16), topic("T2", 16))));

        assertThat(ns.getTopicRoute.route(new GetTopicRoute.Query(new TopicName("T1"))).orElseThrow()
                .queueDatas().get(0).writeQueueNums()).isEqualTo(4);
    }

    @Test
    void rewritesRoutes_whenTheDataVersionChanged() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        ns.registerBroker.register(registration("broker-a", "10.0.0.1", 0, new DataVersion(2_000, 2, 0),
                List.of(topic("T1", 16), topic("T2", 16))));

        assertThat(ns.getTopicRoute.route(new GetTopicRoute.Query(new TopicName("T1"))).orElseThrow()
                .queueDatas().get(0).writeQueueNums()).isEqualTo(16);
    }
}
