package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RegisterBrokerWithNameServersTest {

    private static final TopicName ORDERS = new TopicName("Orders");

    @Test
    void registersWhoTheBrokerIs_andTheWholeTopicTableAtItsVersion() {
        TestBroker broker = new TestBroker();

        broker.registerBroker.register();

        NameServerRegistration sent = broker.nameServers.lastRegistration();
        assertThat(sent.broker()).isEqualTo(broker.settings.identity());
        assertThat(sent.dataVersion()).isEqualTo(broker.topics.snapshot().dataVersion());
        assertThat(sent.topicConfigs()).extracting(TopicConfig::name)
                .contains(SystemTopics.AUTO_CREATE_TOPIC, SystemTopics.SCHEDULE_TOPIC);
    }

    @Test
    void capsEveryTopicsPermissionByTheBrokersPermission() {
        TestBroker broker = new TestBroker(settings -> new BrokerSettings(settings.brokerClusterName(),
                settings.brokerName(), settings.brokerId(), settings.brokerAddress(), settings.haServerAddress(),
                new Permission(Permission.PERM_READ), true, 8, true, true, true, true,
                settings.channelExpiredTimeout(), settings.lockMaxLiveTime(), settings.registerNameServerPeriod(),
                settings.flushConsumerOffsetInterval()));

        broker.registerBroker.register();

        assertThat(broker.nameServers.lastRegistration().topicConfigs())
                .allSatisfy(config -> assertThat(config.permission().isWritable()).isFalse());
        assertThat(broker.topics.find(SystemTopics.AUTO_CREATE_TOPIC).orElseThrow().permission().bits()).isEqualTo(7);
    }

    @Test
    void marksTheNameServersOrderTopicsAsOrdered_andReportsTheMaster() {
        TestBroker broker = new TestBroker();
        broker.topics.put(TopicConfig.of(ORDERS, 4, 4, Permission.READ_WRITE), TestBroker.START,
                broker.topicStore::save);
        broker.nameServers.answerWith(List.of(
                new NameServerReply("ns1:9876", Optional.empty(), Optional.empty(), Optional.empty()),
                new NameServerReply("ns2:9876", Optional.of(new BrokerAddress("10.0.0.9:10911")), Optional.empty(),
                        Optional.of(Map.of("Orders", "broker-a:4")))));

        RegisterBrokerWithNameServers.Result result = broker.registerBroker.register();

        assertThat(broker.topics.find(ORDERS).orElseThrow().order()).isTrue();
        assertThat(result.masterAddress()).contains(new BrokerAddress("10.0.0.9:10911"));
        assertThat(broker.topicStore.load().orElseThrow().find(ORDERS).orElseThrow().order()).isTrue();
    }

    @Test
    void unregistersFromEveryNameServer() {
        TestBroker broker = new TestBroker();

        broker.unregisterBroker.unregister();

        assertThat(broker.nameServers.unregistrations()).containsExactly(broker.settings.identity());
    }
}
