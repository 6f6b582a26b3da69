package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.Producer;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.ReceivedMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SDK's pull consumer against a real hexmq standalone: assign, seek, poll, commit. */
class PullConsumerIT {

    private static final String TOPIC = "sdk-pull";

    @RegisterExtension
    static final StandaloneExtension<HexmqClient> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients::client);

    private static Producer producer;
    private static MessageQueue queue0;
    private static MessageQueue queue1;

    @BeforeAll
    static void start() {
        producer = SdkClients.producer(hexmq.clients(), "sdk-pull-pg");
        SdkClients.createTopic(hexmq.clients(), TOPIC, 2);
        queue0 = new MessageQueue(TOPIC, hexmq.server().brokerName(), 0);
        queue1 = new MessageQueue(TOPIC, hexmq.server().brokerName(), 1);
        for (int i = 0; i < 10; i++) {
            producer.send(Message.builder(TOPIC).body("p-" + i).build(), queue0);
        }
    }

    /** Polls until {@code count} messages came (bounded). */
    private static List<ReceivedMessage> pollAtLeast(PullConsumer consumer, int count) {
        List<ReceivedMessage> received = new ArrayList<>();
        Await.until(count + " messages are polled", () -> {
            received.addAll(consumer.poll(Duration.ofMillis(200)));
            return received.size() >= count;
        });
        return received;
    }

    @Test
    void listsTheTopicsReadableQueues() {
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-list-cg").build()) {
            assertThat(consumer.queues(TOPIC)).containsExactly(queue0, queue1);
        }
    }

    @Test
    void seeksToTheBeginning_pollsInOrder_andCommitsThePosition() {
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-commit-cg").build()) {
            consumer.assign(List.of(queue0, queue1));
            assertThat(consumer.assignment()).containsExactlyInAnyOrder(queue0, queue1);
            assertThat(consumer.committed(queue0)).isEmpty();
            consumer.seekToBeginning(consumer.assignment());

            List<ReceivedMessage> messages = pollAtLeast(consumer, 10);

            assertThat(messages).extracting(ReceivedMessage::bodyAsString)
                    .containsExactly("p-0", "p-1", "p-2", "p-3", "p-4", "p-5", "p-6", "p-7", "p-8", "p-9");
            assertThat(messages).extracting(ReceivedMessage::queueOffset).containsExactly(0L, 1L, 2L, 3L, 4L, 5L,
                    6L, 7L, 8L, 9L);
            assertThat(consumer.position(queue0)).isEqualTo(10);
            consumer.commitSync();
            assertThat(consumer.committed(queue0)).isEqualTo(OptionalLong.of(10));
            assertThat(consumer.committed(queue1)).isEqualTo(OptionalLong.of(0));

            consumer.commitSync(Map.of(queue0, 4L));
            assertThat(consumer.committed(queue0)).isEqualTo(OptionalLong.of(4));
        }
        try (PullConsumer restarted = hexmq.clients().newPullConsumer().group("sdk-pull-commit-cg").build()) {
            restarted.assign(List.of(queue0));
            assertThat(restarted.position(queue0)).isEqualTo(4);
            assertThat(pollAtLeast(restarted, 1).get(0).bodyAsString()).isEqualTo("p-4");
        }
    }

    @Test
    void seeksToAnOffset() {
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-seek-cg").build()) {
            consumer.assign(List.of(queue0));
            consumer.seek(queue0, 7);

            List<ReceivedMessage> messages = pollAtLeast(consumer, 3);

            assertThat(messages).extracting(ReceivedMessage::bodyAsString).containsExactly("p-7", "p-8", "p-9");
            consumer.seek(queue0, 2);
            assertThat(pollAtLeast(consumer, 1).get(0).bodyAsString()).isEqualTo("p-2");
        }
    }

    @Test
    void seeksToTheEnd_andReceivesOnlyNewMessages_throughTheLongPoll() {
        MessageQueue fresh = new MessageQueue("sdk-pull-end", hexmq.server().brokerName(), 0);
        SdkClients.createTopic(hexmq.clients(), "sdk-pull-end", 1);
        producer.send(Message.builder("sdk-pull-end").body("old").build(), fresh);
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-end-cg").consumeFromFirstOffset()
                .build()) {
            consumer.assign(List.of(fresh));
            assertThat(consumer.position(fresh)).isZero();
            consumer.seekToEnd(List.of(fresh));
            assertThat(consumer.position(fresh)).isEqualTo(1);
            assertThat(consumer.poll(Duration.ofMillis(300))).isEmpty();

            producer.send(Message.builder("sdk-pull-end").body("new").build(), fresh);

            assertThat(pollAtLeast(consumer, 1)).extracting(ReceivedMessage::bodyAsString).containsExactly("new");
        }
    }

    @Test
    void seeksByTimestamp_toTheFirstMessageStoredThen() {
        List<ReceivedMessage> all;
        try (PullConsumer reader = hexmq.clients().newPullConsumer().group("sdk-pull-time-reader")
                .consumeFromFirstOffset().build()) {
            reader.assign(List.of(queue0));
            all = pollAtLeast(reader, 10);
        }
        long stamp = all.get(5).storeTimestamp();
        long expected = all.stream().filter(m -> m.storeTimestamp() >= stamp).mapToLong(ReceivedMessage::queueOffset)
                .min().orElseThrow();
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-time-cg").build()) {
            consumer.assign(List.of(queue0));
            consumer.seekToTimestamp(queue0, Instant.ofEpochMilli(stamp));

            assertThat(consumer.position(queue0)).isEqualTo(expected);
            assertThat(pollAtLeast(consumer, 1).get(0).queueOffset()).isEqualTo(expected);
        }
    }

    @Test
    void startsAtTheEndByDefault_andRefusesSeeksOnUnassignedQueues() {
        try (PullConsumer consumer = hexmq.clients().newPullConsumer().group("sdk-pull-default-cg").build()) {
            consumer.assign(List.of(queue0));
            assertThat(consumer.position(queue0)).isEqualTo(10);
            assertThatThrownBy(() -> consumer.seek(queue1, 0)).isInstanceOf(IllegalStateException.class);
        }
    }
}
