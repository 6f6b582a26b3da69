package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonConsumerOffsetStoreTest {

    private static final TopicGroup KEY = new TopicGroup(new TopicName("TopicTest"), new GroupName("CG"));

    @TempDir
    Path dir;

    @Test
    void loadsEmpty_whenNothingWasEverSaved() {
        assertThat(new JsonConsumerOffsetStore(dir.resolve("consumerOffset.json")).load())
                .isEqualTo(ConsumerOffsetTable.EMPTY);
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        ConsumerOffsetTable table = new ConsumerOffsetTable(Map.of(
                KEY, Map.of(0, 12L, 1, 7L),
                new TopicGroup(new TopicName("%RETRY%CG"), new GroupName("CG")), Map.of(0, 0L)));
        new JsonConsumerOffsetStore(dir.resolve("config/consumerOffset.json")).save(table);

        assertThat(new JsonConsumerOffsetStore(dir.resolve("config/consumerOffset.json")).load()).isEqualTo(table);
    }

    @Test
    void writesRocketMqShapedJson() throws Exception {
        new JsonConsumerOffsetStore(dir.resolve("consumerOffset.json"))
                .save(new ConsumerOffsetTable(Map.of(KEY, Map.of(0, 12L))));

        String json = Files.readString(dir.resolve("consumerOffset.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"offsetTable\":{\"TopicTest@CG\":{\"0\":12}}}");
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        Files.writeString(dir.resolve("consumerOffset.json"), "{\"offsetTable\":{\"T@G\":{\"0\":\"x\"}}}",
                StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonConsumerOffsetStore(dir.resolve("consumerOffset.json")).load())
                .isInstanceOf(ConsumerStateStorageException.class)
                .hasMessageContaining("consumerOffset.json");
    }

    @Test
    void reportsAKeyThatIsNotTopicAtGroup() throws Exception {
        Files.writeString(dir.resolve("consumerOffset.json"), "{\"offsetTable\":{\"NoSeparator\":{\"0\":1}}}",
                StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonConsumerOffsetStore(dir.resolve("consumerOffset.json")).load())
                .isInstanceOf(ConsumerStateStorageException.class)
                .hasMessageContaining("topic@group");
    }
}
