package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.ConsumerStateStorageException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSubscriptionGroupStoreTest {

    private static final GroupName GROUP = new GroupName("CG");

    @TempDir
    Path dir;

    @Test
    void loadsNothing_whenNothingWasEverSaved() {
        assertThat(new JsonSubscriptionGroupStore(dir.resolve("subscriptionGroup.json")).load()).isEmpty();
    }

    @Test
    void returnsWhatWasSaved_afterReopening() {
        SubscriptionGroupTable table = SubscriptionGroupTable.empty(10)
                .with(SubscriptionGroupConfig.defaults(GROUP), 11)
                .with(new SubscriptionGroupConfig(new GroupName("Orderly"), false, false, false, true, 3, 5, 1, 2, false,
                        7, 30), 12);
        new JsonSubscriptionGroupStore(dir.resolve("config/subscriptionGroup.json")).save(table);

        assertThat(new JsonSubscriptionGroupStore(dir.resolve("config/subscriptionGroup.json")).load()).contains(table);
    }

    @Test
    void writesRocketMqShapedJson() throws Exception {
        new JsonSubscriptionGroupStore(dir.resolve("subscriptionGroup.json"))
                .save(SubscriptionGroupTable.empty(5).with(SubscriptionGroupConfig.defaults(GROUP), 6));

        String json = Files.readString(dir.resolve("subscriptionGroup.json")).replaceAll("\\s", "");
        assertThat(json).isEqualTo("{\"subscriptionGroupTable\":{\"CG\":{\"groupName\":\"CG\",\"consumeEnable\":true,"
                + "\"consumeFromMinEnable\":true,\"consumeBroadcastEnable\":true,\"consumeMessageOrderly\":false,"
                + "\"retryQueueNums\":1,\"retryMaxTimes\":16,\"brokerId\":0,\"whichBrokerWhenConsumeSlowly\":1,"
                + "\"notifyConsumerIdsChangedEnable\":true,\"groupSysFlag\":0,\"consumeTimeoutMinute\":15}},"
                + "\"dataVersion\":{\"counter\":1,\"stateVersion\":0,\"timestamp\":6}}");
    }

    @Test
    void fillsRocketMqsDefaultsForMissingFields_andIgnoresUnknownOnes() throws Exception {
        Files.writeString(dir.resolve("subscriptionGroup.json"),
                "{\"subscriptionGroupTable\":{\"CG\":{\"groupName\":\"CG\",\"attributes\":{}}},\"forbiddenTable\":{}}",
                StandardCharsets.UTF_8);

        SubscriptionGroupTable loaded = new JsonSubscriptionGroupStore(dir.resolve("subscriptionGroup.json")).load()
                .orElseThrow();

        assertThat(loaded.find(GROUP)).contains(SubscriptionGroupConfig.defaults(GROUP));
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        Files.writeString(dir.resolve("subscriptionGroup.json"), "[1,2", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> new JsonSubscriptionGroupStore(dir.resolve("subscriptionGroup.json")).load())
                .isInstanceOf(ConsumerStateStorageException.class)
                .hasMessageContaining("subscriptionGroup.json");
    }
}
