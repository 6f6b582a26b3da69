package io.hexmq.client.internal.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.remoting.body.ObjectKeyedTable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RunningInfoTest {

    private static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("T", "broker-a", 1);

    private static RunningInfo info() {
        return new RunningInfo(
                new TreeMap<>(Map.of(RunningInfo.PROP_CONSUME_TYPE, "CONSUME_PASSIVELY", "consumerGroup", "g")),
                List.of(new ConsumerRegistration.Subscription("T", "TagA || TagB", 42L)),
                new TreeMap<>(Map.of(
                        Q1, new RunningInfo.QueueInfo(-1, new QueueSnapshot(0, 0, 0, 0, false, 0, false, 0, 0)),
                        Q0, new RunningInfo.QueueInfo(5, new QueueSnapshot(2, 6, 7, 3 * 1024 * 1024 + 1, true,
                                1_500, false, 1_000, 2_000)))),
                null);
    }

    @Test
    void writesPropertiesAndSubscriptionsAsConsumerRunningInfo() {
        JsonObject json = Bodies.parseObject(toJsonWithoutTable(info()), "ConsumerRunningInfo");

        assertThat(json.getAsJsonObject("properties").entrySet()).extracting(Map.Entry::getKey,
                entry -> entry.getValue().getAsString()).containsExactly(
                org.assertj.core.groups.Tuple.tuple("PROP_CONSUME_TYPE", "CONSUME_PASSIVELY"),
                org.assertj.core.groups.Tuple.tuple("consumerGroup", "g"));
        JsonObject subscription = json.getAsJsonArray("subscriptionSet").get(0).getAsJsonObject();
        assertThat(subscription.get("topic").getAsString()).isEqualTo("T");
        assertThat(subscription.get("subString").getAsString()).isEqualTo("TagA || TagB");
        assertThat(subscription.get("subVersion").getAsLong()).isEqualTo(42L);
        assertThat(subscription.getAsJsonArray("tagsSet")).extracting(JsonElement::getAsString)
                .containsExactly("TagA", "TagB");
        assertThat(json.has("jstack")).as("stacks only when asked for").isFalse();
    }

    @Test
    void writesEachQueueUnderItsMessageQueueAsAnObjectKey() {
        List<Map.Entry<JsonElement, JsonElement>> table = ObjectKeyedTable.read(info().toJson(), "mqTable");

        assertThat(table).extracting(entry -> Bodies.messageQueue(entry.getKey()))
                .containsExactly(Q0, Q1);
        JsonObject first = table.get(0).getValue().getAsJsonObject();
        assertThat(first.get("commitOffset").getAsLong()).isEqualTo(5);
        assertThat(first.get("cachedMsgCount").getAsInt()).isEqualTo(2);
        assertThat(first.get("cachedMsgMinOffset").getAsLong()).isEqualTo(6);
        assertThat(first.get("cachedMsgMaxOffset").getAsLong()).isEqualTo(7);
        assertThat(first.get("cachedMsgSizeInMiB").getAsInt()).isEqualTo(3);
        assertThat(first.get("locked").getAsBoolean()).isTrue();
        assertThat(first.get("lastLockTimestamp").getAsLong()).isEqualTo(1_500);
        assertThat(first.get("droped").getAsBoolean()).isFalse();
        assertThat(first.get("lastPullTimestamp").getAsLong()).isEqualTo(1_000);
        assertThat(first.get("lastConsumeTimestamp").getAsLong()).isEqualTo(2_000);
        assertThat(table.get(1).getValue().getAsJsonObject().get("commitOffset").getAsLong()).isEqualTo(-1);
    }

    @Test
    void writesThreadStacks_whenGiven() {
        JsonObject json = Bodies.parseObject(toJsonWithoutTable(info().withJstack("\"main\" RUNNABLE\n")),
                "ConsumerRunningInfo");

        assertThat(json.get("jstack").getAsString()).isEqualTo("\"main\" RUNNABLE\n");
    }

    /** Gson cannot read the object-keyed mqTable; an info without queues is plain JSON. */
    private static byte[] toJsonWithoutTable(RunningInfo info) {
        return new RunningInfo(info.properties(), info.subscriptions(), new TreeMap<>(), info.jstack()).toJson();
    }
}
