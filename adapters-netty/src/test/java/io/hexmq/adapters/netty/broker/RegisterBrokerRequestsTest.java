package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.junit.jupiter.api.Test;

/** How one registration is cut into REGISTER_BROKER requests: the settings first, the frame limit last. */
class RegisterBrokerRequestsTest {

    private static final BrokerIdentity BROKER = new BrokerIdentity(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911"),
            new BrokerAddress("10.0.0.1:10912"));
    private static final DataVersion VERSION = new DataVersion(1_700_000_000_000L, 7, 0);
    /** A frame limit small enough that a few thousand topics pass it as JSON. */
    private static final int SMALL_FRAME = RegisterBrokerRequests.FRAME_OVERHEAD_BYTES + 64 * 1024;

    private static NameServerRegistration registration(int topics) {
        return new NameServerRegistration(BROKER, VERSION, IntStream.range(0, topics)
                .mapToObj(i -> TopicConfig.of(new TopicName("Topic-" + i), 8, 8, Permission.READ_WRITE))
                .toList());
    }

    private static RegisterBrokerRequests.Plan plan(RegisterBrokerEncoding encoding, int topics) {
        return new RegisterBrokerRequests(encoding).plan(registration(topics));
    }

    /** What the official NameServer reads from a part, as a 5.x broker's. */
    private static RegisterBrokerBody official(RegisterBrokerRequests.Part part) throws IOException {
        return RegisterBrokerBody.decode(part.body(), part.compressed(), MQVersion.Version.V5_3_0);
    }

    private static List<String> topicsOf(List<RegisterBrokerRequests.Part> parts) throws IOException {
        List<String> topics = new ArrayList<>();
        for (RegisterBrokerRequests.Part part : parts) {
            topics.addAll(official(part).getTopicConfigSerializeWrapper().getTopicConfigTable().keySet());
        }
        return topics;
    }

    @Test
    void sendsOneJsonRequest_byDefault() throws IOException {
        RegisterBrokerRequests.Plan plan = plan(RegisterBrokerEncoding.defaults(), 1_000);

        assertThat(plan.parts()).singleElement().satisfies(part -> {
            assertThat(part.compressed()).isFalse();
            assertThat(part.topicCount()).isEqualTo(1_000);
        });
        assertThat(plan.fallback()).isEmpty();
        assertThat(topicsOf(plan.parts())).hasSize(1_000);
    }

    @Test
    void sendsTheCompressedBody_whenCompressedRegisterIsOn_whichTheOfficialClassDecodes() throws IOException {
        TopicConfig tagged = new TopicConfig(new TopicName("Tagged"), 4, 6, new Permission(7),
                TopicFilterType.MULTI_TAG, 0, false, Map.of("+message.type", "FIFO"));
        NameServerRegistration registration = new NameServerRegistration(BROKER, VERSION,
                List.of(tagged, TopicConfig.of(new TopicName("Plain"), 8, 8, Permission.READ_WRITE)));

        RegisterBrokerRequests.Plan plan = new RegisterBrokerRequests(
                new RegisterBrokerEncoding(true, false, 800, SMALL_FRAME)).plan(registration);

        assertThat(plan.parts()).singleElement().satisfies(part -> assertThat(part.compressed()).isTrue());
        RegisterBrokerBody body = official(plan.parts().get(0));
        var wrapper = body.getTopicConfigSerializeWrapper();
        assertThat(wrapper.getDataVersion().getTimestamp()).isEqualTo(VERSION.timestamp());
        assertThat(wrapper.getDataVersion().getCounter().get()).isEqualTo(VERSION.counter());
        assertThat(wrapper.getTopicQueueMappingInfoMap()).isEmpty();
        assertThat(body.getFilterServerList()).isEmpty();
        org.apache.rocketmq.common.TopicConfig read = wrapper.getTopicConfigTable().get("Tagged");
        assertThat(read.getReadQueueNums()).isEqualTo(4);
        assertThat(read.getWriteQueueNums()).isEqualTo(6);
        assertThat(read.getPerm()).isEqualTo(7);
        assertThat(read.getTopicFilterType().name()).isEqualTo("MULTI_TAG");
        assertThat(read.getAttributes()).containsExactly(Map.entry("+message.type", "FIFO"));
        assertThat(wrapper.getTopicConfigTable()).containsOnlyKeys("Tagged", "Plain");
    }

    @Test
    void splitsIntoPartsOfSplitRegistrationSize_inTopicOrder_whenSplitRegistrationIsOn() throws IOException {
        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, true, 800, SMALL_FRAME * 8), 2_000);

        assertThat(plan.parts()).extracting(RegisterBrokerRequests.Part::topicCount).containsExactly(800, 800, 400);
        assertThat(plan.parts()).noneMatch(RegisterBrokerRequests.Part::compressed);
        assertThat(topicsOf(plan.parts().subList(0, 1))).contains("Topic-0", "Topic-799").doesNotContain("Topic-800");
        assertThat(topicsOf(plan.parts())).hasSize(2_000).doesNotHaveDuplicates();
        assertThat(plan.fallback()).isEmpty();
    }

    @Test
    void sendsAnIncrementalRegistrationAsOneRequest_evenAboveSplitRegistrationSize_sinceOnlyAFirstPartIsRewritten()
            throws IOException {
        NameServerRegistration changed = registration(2_000);
        NameServerRegistration incremental = new NameServerRegistration(BROKER, VERSION, changed.topicConfigs(), true);

        RegisterBrokerRequests.Plan plan = new RegisterBrokerRequests(
                new RegisterBrokerEncoding(false, true, 800, SMALL_FRAME)).plan(incremental);

        assertThat(plan.parts()).singleElement().satisfies(part -> assertThat(part.compressed())
                .as("2,000 topics of JSON do not fit the small frame").isTrue());
        assertThat(topicsOf(plan.parts())).hasSize(2_000);
    }

    @Test
    void sendsOneRequest_whenThereAreFewerTopicsThanSplitRegistrationSize() {
        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, true, 800, SMALL_FRAME), 799);

        assertThat(plan.parts()).extracting(RegisterBrokerRequests.Part::topicCount).containsExactly(799);
    }

    @Test
    void sendsOneEmptyRequest_forABrokerWithoutTopics() throws IOException {
        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, true, 800, SMALL_FRAME), 0);

        assertThat(plan.parts()).singleElement().satisfies(part -> assertThat(part.topicCount()).isZero());
        assertThat(topicsOf(plan.parts())).isEmpty();
    }

    @Test
    void compresses_whenTheJsonBodyWouldPassTheFrameLimit_andSaysWhy() throws IOException {
        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, false, 800, SMALL_FRAME), 2_000);

        assertThat(plan.parts()).singleElement().satisfies(part -> {
            assertThat(part.compressed()).isTrue();
            assertThat(part.body().length).isLessThanOrEqualTo(SMALL_FRAME - RegisterBrokerRequests.FRAME_OVERHEAD_BYTES);
        });
        assertThat(plan.fallback()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("JSON body of 2000 topics").contains("sent compressed").doesNotContain("in parts"));
        assertThat(topicsOf(plan.parts())).hasSize(2_000);
    }

    @Test
    void compressesOnlyThePartsThatWouldPassTheFrameLimit_whenSplitting() {
        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, true, 1_500, SMALL_FRAME), 1_800);

        assertThat(plan.parts()).extracting(RegisterBrokerRequests.Part::topicCount).containsExactly(1_500, 300);
        assertThat(plan.parts()).extracting(RegisterBrokerRequests.Part::compressed).containsExactly(true, false);
    }

    @Test
    void halvesTheTopics_untilEachCompressedPartFits_whenCompressingIsNotEnough() throws IOException {
        // 20,000 topics compress to about 45 KiB.
        int tinyFrame = RegisterBrokerRequests.FRAME_OVERHEAD_BYTES + 16 * 1024;

        RegisterBrokerRequests.Plan plan = plan(new RegisterBrokerEncoding(false, false, 800, tinyFrame), 20_000);

        assertThat(plan.parts()).hasSizeGreaterThan(2).allSatisfy(part -> {
            assertThat(part.compressed()).isTrue();
            assertThat(part.body().length).isLessThanOrEqualTo(tinyFrame - RegisterBrokerRequests.FRAME_OVERHEAD_BYTES);
        });
        assertThat(plan.fallback()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("sent compressed").contains("sent in parts"));
        List<String> topics = topicsOf(plan.parts());
        assertThat(topics).hasSize(20_000).doesNotHaveDuplicates();
    }

    @Test
    void putsTheChangedTopicsInTheFirstPart_whichMayPassSplitRegistrationSize_whenSplitting() throws IOException {
        Set<TopicName> changed = IntStream.range(1_100, 2_000).mapToObj(i -> new TopicName("Topic-" + i))
                .collect(Collectors.toSet());

        RegisterBrokerRequests.Plan plan = new RegisterBrokerRequests(
                new RegisterBrokerEncoding(false, true, 800, SMALL_FRAME * 8)).plan(registration(2_000), changed);

        assertThat(plan.parts()).extracting(RegisterBrokerRequests.Part::topicCount).containsExactly(900, 800, 300);
        assertThat(topicsOf(plan.parts().subList(0, 1)))
                .containsExactlyInAnyOrderElementsOf(changed.stream().map(TopicName::value).toList());
        assertThat(topicsOf(plan.parts())).hasSize(2_000).doesNotHaveDuplicates();
    }
}
