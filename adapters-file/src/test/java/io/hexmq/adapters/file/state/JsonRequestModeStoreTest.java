package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonRequestModeStoreTest {

    @TempDir
    Path dir;

    @Test
    void returnsWhatWasSavedLast_afterReopening_andNothingBeforeAnySave() {
        Path file = dir.resolve("config/messageRequestMode.json");
        assertThat(new JsonRequestModeStore(file).load()).isEmpty();
        RequestModes.Entry pop = new RequestModes.Entry(new TopicGroup(new TopicName("T"), new GroupName("cg")),
                new RequestModes.Setting(MessageRequestMode.POP, 2));

        new JsonRequestModeStore(file).save(List.of(pop));

        assertThat(new JsonRequestModeStore(file).load()).containsExactly(pop);
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        for (String corrupt : new String[] {"{\"modes\":[{\"topic\":\"T\"}]}",
            "{\"modes\":[{\"topic\":\"T\",\"consumerGroup\":\"cg\",\"mode\":\"PUSH\"}]}", "["}) {
            Files.writeString(dir.resolve("messageRequestMode.json"), corrupt);

            assertThatThrownBy(() -> new JsonRequestModeStore(dir.resolve("messageRequestMode.json")).load())
                    .as(corrupt).isInstanceOf(StorageException.class).hasMessageContaining("messageRequestMode.json");
        }
    }
}
