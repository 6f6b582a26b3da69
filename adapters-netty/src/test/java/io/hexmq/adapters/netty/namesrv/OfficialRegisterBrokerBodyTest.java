package io.hexmq.adapters.netty.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo;
import org.junit.jupiter.api.Test;

/** Golden proofs: bodies encoded by the official {@link RegisterBrokerBody}, as brokers send them, read field by field. */
class OfficialRegisterBrokerBodyTest {

    private static final List<String> FILTER_SERVERS = List.of("10.0.0.1:30000", "10.0.0.2:30000");

    /** A 5.x broker with a static topic: the wrapper and the compressed stream both carry mapping data. */
    private static RegisterBrokerBody officialBody() {
        RegisterBrokerBody body = OfficialBroker.body(OfficialBroker.dataVersion(1_700_000_000_123L, 42, 3),
                OfficialBroker.variedTopics(), FILTER_SERVERS);
        TopicQueueMappingInfo mapping = new TopicQueueMappingInfo("TopicTest", 8, "broker-a", 5);
        ConcurrentHashMap<Integer, Integer> ids = new ConcurrentHashMap<>(Map.of(0, 0, 1, 4));
        mapping.setCurrIdMap(ids);
        body.getTopicConfigSerializeWrapper().setTopicQueueMappingInfoMap(new ConcurrentHashMap<>(Map.of("TopicTest", mapping)));
        body.getTopicConfigSerializeWrapper().setMappingDataVersion(OfficialBroker.dataVersion(9, 9, 0));
        return body;
    }

    private static TopicConfig expected(String name, int read, int write, int perm, TopicFilterType filter,
                                        int sysFlag, boolean order, Map<String, String> attributes) {
        return new TopicConfig(TopicName.reportedByBroker(name), read, write, new Permission(perm), filter, sysFlag,
                order, attributes);
    }

    @Test
    void readsJsonBody_withEveryTopicField() {
        byte[] json = officialBody().encode(false);

        BrokerRegistrationBody parsed = RegisterBrokerBodyParser.parse(json, false);

        assertThat(new String(json, java.nio.charset.StandardCharsets.UTF_8)).contains("topicQueueMappingInfoMap");
        assertThat(parsed.dataVersion()).isEqualTo(new DataVersion(1_700_000_000_123L, 42, 3));
        assertThat(parsed.topicConfigs()).containsExactlyInAnyOrder(
                expected("TopicTest", 4, 4, 6, TopicFilterType.SINGLE_TAG, 0, false, Map.of()),
                expected("TBW102", 8, 8, 7, TopicFilterType.SINGLE_TAG, 0, false, Map.of()),
                expected("WriteOnly", 2, 3, 2, TopicFilterType.MULTI_TAG, 0, false, Map.of()),
                expected("Ordered", 16, 16, 4, TopicFilterType.SINGLE_TAG, 1, true,
                        Map.of("+message.type", "FIFO", "+queue.type", "BatchCQ")),
                expected("broker-a.example.com", 1, 1, 7, TopicFilterType.SINGLE_TAG, 0, false, Map.of()));
        assertThat(parsed.filterServers()).extracting(BrokerAddress::value).containsExactlyElementsOf(FILTER_SERVERS);
    }

    /** The compressed line carries no topicSysFlag and no order flag: they read as 0 and false. */
    @Test
    void readsCompressedBody_withEveryFieldTheFormatCarries() {
        byte[] compressed = officialBody().encode(true);

        BrokerRegistrationBody parsed = RegisterBrokerBodyParser.parse(compressed, true);

        assertThat(parsed.dataVersion()).isEqualTo(new DataVersion(1_700_000_000_123L, 42, 3));
        assertThat(parsed.topicConfigs()).containsExactlyInAnyOrder(
                expected("TopicTest", 4, 4, 6, TopicFilterType.SINGLE_TAG, 0, false, Map.of()),
                expected("TBW102", 8, 8, 7, TopicFilterType.SINGLE_TAG, 0, false, Map.of()),
                expected("WriteOnly", 2, 3, 2, TopicFilterType.MULTI_TAG, 0, false, Map.of()),
                expected("Ordered", 16, 16, 4, TopicFilterType.SINGLE_TAG, 0, false,
                        Map.of("+message.type", "FIFO", "+queue.type", "BatchCQ")),
                expected("broker-a.example.com", 1, 1, 7, TopicFilterType.SINGLE_TAG, 0, false, Map.of()));
        assertThat(parsed.filterServers()).extracting(BrokerAddress::value).containsExactlyElementsOf(FILTER_SERVERS);
    }

    @Test
    void readsBodies_withoutTopicsOrFilterServers() {
        RegisterBrokerBody empty = OfficialBroker.body(OfficialBroker.dataVersion(7, 0, 0), List.of(), List.of());

        for (boolean compress : new boolean[] {false, true}) {
            BrokerRegistrationBody parsed = RegisterBrokerBodyParser.parse(empty.encode(compress), compress);
            assertThat(parsed.dataVersion()).isEqualTo(new DataVersion(7, 0, 0));
            assertThat(parsed.topicConfigs()).isEmpty();
            assertThat(parsed.filterServers()).isEmpty();
        }
    }

    @Test
    void readsManyTopics_inBothEncodings() {
        List<org.apache.rocketmq.common.TopicConfig> many = new java.util.ArrayList<>();
        for (int i = 0; i < 500; i++) {
            many.add(OfficialBroker.topic("Topic-" + i, i % 16 + 1, i % 8 + 1, i % 2 == 0 ? 6 : 4));
        }
        RegisterBrokerBody body = OfficialBroker.body(OfficialBroker.dataVersion(1, 1, 0), many, List.of());

        for (boolean compress : new boolean[] {false, true}) {
            BrokerRegistrationBody parsed = RegisterBrokerBodyParser.parse(body.encode(compress), compress);
            assertThat(parsed.topicConfigs()).hasSize(500);
            assertThat(parsed.topicConfigs()).filteredOn(c -> c.name().value().equals("Topic-37")).singleElement()
                    .satisfies(c -> {
                        assertThat(c.readQueueNums()).isEqualTo(37 % 16 + 1);
                        assertThat(c.writeQueueNums()).isEqualTo(37 % 8 + 1);
                        assertThat(c.permission().bits()).isEqualTo(4);
                    });
        }
    }
}
