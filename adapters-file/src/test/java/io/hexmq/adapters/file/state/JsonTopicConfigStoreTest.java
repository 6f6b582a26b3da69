package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTopicConfigStoreTest {

    @TempDir
    Path dir;

    private static TopicConfigTable table() {
        return TopicConfigTable.empty(1_700_000_000_000L)
                .with(TopicConfig.of(SystemTopics.AUTO_CREATE_TOPIC, 8, 8, Permission.INHERIT_READ_WRITE), 1_700_000_000_001L)
                .with(new TopicConfig(new TopicName("Orders"), 4, 2, Permission.READ_WRITE, TopicFilterType.MULTI_TAG, 3,
                        true, Map.of("+message.type", "FIFO")), 1_700_000_000_002L);
    }

    @Test
    void loadsNothing_whenNothingWasEverSaved() {
        assertThat(new JsonTopicConfigStore(dir.resolve("topics.json")).load()).isEmpty();
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        new JsonTopicConfigStore(dir.resolve("config/topics.json")).save(table());

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table());
    }

    @Test
    void writesRocketMqShapedJson() throws Exception {
        new JsonTopicConfigStore(dir.resolve("topics.json")).save(TopicConfigTable.empty(5)
                .with(TopicConfig.of(new TopicName("T"), 4, 4, Permission.READ_WRITE), 6));

        String json = Files.readString(dir.resolve("topics.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"topicConfigTable\":{\"T\":{\"topicName\":\"T\",\"readQueueNums\":4,"
                + "\"writeQueueNums\":4,\"perm\":6,\"topicFilterType\":\"SINGLE_TAG\",\"topicSysFlag\":0,"
                + "\"order\":false,\"attributes\":{}}},\"dataVersion\":{\"counter\":1,\"stateVersion\":0,"
                + "\"timestamp\":6}}");
    }

    @Test
    void readsAFileWrittenByARocketMq4Broker_withDefaultsForWhatItLacks() throws Exception {
        Files.writeString(dir.resolve("topics.json"), """
                {"dataVersion":{"counter":3,"timestamp":1700000000000},
                 "topicConfigTable":{"TopicTest":{"order":false,"perm":6,"readQueueNums":4,
                   "topicFilterType":"SINGLE_TAG","topicName":"TopicTest","topicSysFlag":0,"writeQueueNums":4}}}
                """, StandardCharsets.UTF_8);

        TopicConfigTable loaded = new JsonTopicConfigStore(dir.resolve("topics.json")).load().orElseThrow();

        assertThat(loaded.dataVersion()).isEqualTo(new DataVersion(1_700_000_000_000L, 3, 0));
        assertThat(loaded.find(new TopicName("TopicTest"))).contains(
                TopicConfig.of(new TopicName("TopicTest"), 4, 4, Permission.READ_WRITE));
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        Files.writeString(dir.resolve("topics.json"), "{\"topicConfigTable\":{\"T\":", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonTopicConfigStore(dir.resolve("topics.json")).load())
                .isInstanceOf(TopicConfigStorageException.class)
                .hasMessageContaining("topics.json");
    }

    @Test
    void reportsAConfigTheDomainRejects_asAStorageError() throws Exception {
        Files.writeString(dir.resolve("topics.json"),
                "{\"topicConfigTable\":{\"bad.name\":{\"perm\":6}}}", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonTopicConfigStore(dir.resolve("topics.json")).load())
                .isInstanceOf(TopicConfigStorageException.class)
                .hasMessageContaining("bad.name");
    }
}
