package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.PRODUCER;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.StoredMessage;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class RecallTimerMessageTest {

    private static final long START = TestBroker.START;
    private static final MessageSettings RECALL_ON = new MessageSettings(MessageSettings.DEFAULT_MAX_MESSAGE_SIZE,
            true, 1000, DelayLevels.DEFAULT, MessageSettings.DEFAULT_TIMER_MAX_DELAY_SEC, true);

    private final MessageBroker mb = new MessageBroker(UnaryOperator.identity(), RECALL_ON).withTopic(TOPIC, 1);
    private final RecallTimerMessage recall = recallOn(mb);

    private static RecallTimerMessage recallOn(MessageBroker broker) {
        return new RecallTimerMessage(broker.store, broker.broker.topics, broker.broker.settings, broker.settings,
                broker.broker.clock);
    }

    private SendMessage.Result sendAt(String body, long dueAt) {
        return joined(mb.sendMessage.send(send(TOPIC, 0, body,
                properties("UNIQ_KEY", "U-" + body, "TIMER_DELIVER_MS", Long.toString(dueAt)))));
    }

    private RecallTimerMessage.Result recall(String topic, TimerRecall what) {
        return joined(recall.recall(new RecallTimerMessage.Command(topic, what, PRODUCER)));
    }

    private List<String> delivered() {
        return mb.store.read(TOPIC, 0, 0, 100, MessageFilter.ALL).messages().stream()
                .map(record -> new String(StoredMessage.decode(record).body())).toList();
    }

    @Test
    void aTimerMessagesSend_isAnsweredWithWhatRecallsIt_andAnImmediateOneWithNothing() {
        assertThat(sendAt("later", START + 5_000).recall())
                .isEqualTo(new TimerRecall(TOPIC, mb.broker.settings.brokerName().value(), START + 5_000, "U-later"));
        assertThat(sendAt("now", START).recall()).isNull();
    }

    @Test
    void aRecalledTimerMessage_isNotDelivered_whileOthersDueThenAndLaterAre() {
        TimerRecall recalled = sendAt("recalled", START + 5_000).recall();
        sendAt("same time", START + 5_000);
        sendAt("after", START + 6_000);

        RecallTimerMessage.Result result = recall(TOPIC, recalled);
        mb.broker.clock.set(START + 6_000);
        DeliverDueTimerMessages.Result delivery = mb.deliverDueTimerMessages.deliver();

        assertThat(result).isEqualTo(new RecallTimerMessage.Result(RecallTimerMessage.Status.RECALLED, "U-recalled"));
        assertThat(delivered()).containsExactly("same time", "after");
        assertThat(delivery.delivered()).isEqualTo(2);
        assertThat(delivery.waiting()).isZero();
    }

    @Test
    void aRecall_survivesARestartOfTheScheduler() {
        TimerRecall recalled = sendAt("recalled", START + 5_000).recall();
        sendAt("kept", START + 5_000);
        recall(TOPIC, recalled);

        mb.broker.clock.set(START + 5_000);
        new DeliverDueTimerMessages(mb.store, mb.timerProgressStore, mb.broker.clock, mb.timerCounts).deliver();

        assertThat(delivered()).containsExactly("kept");
    }

    @Test
    void aRecallIsRefused_whenDisabled_forAnotherTopicOrBroker_andWhenTheMessageIsNoLongerAhead() {
        TimerRecall pending = sendAt("pending", START + 5_000).recall();
        RecallTimerMessage disabled = recallOn(new MessageBroker().withTopic(TOPIC, 1));

        assertThat(joined(disabled.recall(new RecallTimerMessage.Command(TOPIC, pending, PRODUCER))).status())
                .isEqualTo(RecallTimerMessage.Status.FORBIDDEN);
        assertThat(recall("NoSuchTopic", pending).status()).isEqualTo(RecallTimerMessage.Status.TOPIC_NOT_EXIST);
        mb.withTopic("OtherTopic", 1);
        assertThat(recall("OtherTopic", pending).status()).isEqualTo(RecallTimerMessage.Status.NOT_THIS_TOPIC);
        assertThat(recall(TOPIC, new TimerRecall(TOPIC, "broker-z", pending.dueMillis(), pending.uniqueKey())).status())
                .isEqualTo(RecallTimerMessage.Status.NOT_THIS_BROKER);
        assertThat(recall(TOPIC, new TimerRecall(TOPIC, pending.brokerName(), -1, pending.uniqueKey())).status())
                .isEqualTo(RecallTimerMessage.Status.NOT_PENDING);
        mb.broker.clock.set(START + 5_000);
        assertThat(recall(TOPIC, pending).status()).isEqualTo(RecallTimerMessage.Status.NOT_PENDING);
    }
}
