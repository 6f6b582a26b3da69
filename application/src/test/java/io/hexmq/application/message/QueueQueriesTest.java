package io.hexmq.application.message;

import static io.hexmq.application.message.MessageBroker.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import org.junit.jupiter.api.Test;

class QueueQueriesTest {

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);

    @Test
    void answersQueueBoundsStoreTimesAndSingleMessages() {
        assertThat(mb.getEarliestStoreTime.earliestStoreTime(new GetEarliestStoreTime.Query(TOPIC, 0))).isEqualTo(-1);
        long first = mb.broker.clock.millis();
        SendMessage.Result sent = mb.sendTagged(TOPIC, 0, "T", "one");
        mb.broker.clock.advanceMillis(1000);
        mb.sendTagged(TOPIC, 0, "T", "two");

        assertThat(mb.getMaxOffset.maxOffset(new GetMaxOffset.Query(TOPIC, 0))).isEqualTo(2);
        assertThat(mb.getMinOffset.minOffset(new GetMinOffset.Query(TOPIC, 0))).isZero();
        assertThat(mb.getEarliestStoreTime.earliestStoreTime(new GetEarliestStoreTime.Query(TOPIC, 0)))
                .isEqualTo(first);
        assertThat(mb.searchOffsetByTimestamp.search(new SearchOffsetByTimestamp.Query(TOPIC, 0, first + 1)))
                .isEqualTo(1);
        long offset = OffsetMessageId.decode(sent.msgId()).commitLogOffset();
        assertThat(mb.viewMessage.view(new ViewMessage.Query(offset)).map(StoredMessage::decode)
                .map(m -> new String(m.body()))).hasValue("one");
        assertThat(mb.viewMessage.view(new ViewMessage.Query(offset + 1))).isEmpty();
        assertThat(mb.viewMessage.view(new ViewMessage.Query(-1))).isEmpty();
    }
}
