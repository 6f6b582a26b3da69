package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.time.port.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class AppendEncodingTest {

    private static final HostAddress STORE = HostAddress.of(new byte[] {10, 0, 0, 7}, 10911);

    private final MessageEncoder encoder = new MessageEncoder(4096, STORE);

    private static Message message(String topic, int queueId, int bodyBytes) {
        return Message.builder(topic, queueId, new byte[bodyBytes]).build();
    }

    @Test
    void encodesAMessage_afterForgettingTheLastOne() {
        assertThat(AppendEncoding.encode(encoder, message("T", 0, 10), STORE, 100)).isNull();
        int one = encoder.encodedLength();

        assertThat(AppendEncoding.encode(encoder, message("T", 0, 10), STORE, 100)).isNull();
        assertThat(encoder.encodedLength()).isEqualTo(one);
    }

    @Test
    void rejectsABodyOverTheLimit_andARecordOverTheEncoder() {
        assertThat(AppendEncoding.encode(encoder, message("T", 0, 101), STORE, 100).reason())
            .isEqualTo("message body of 101 bytes exceeds maxMessageSize 100");
        assertThat(AppendEncoding.encode(encoder, message("T", 0, 5000), STORE, 10_000).reason())
            .isEqualTo("encoded messages exceed 4096 bytes");
    }

    @Test
    void rejectsBatches_thatAreEmpty_mixQueues_orHoldTransactions() {
        assertThat(AppendEncoding.encodeBatch(encoder, List.of(), STORE, 100).reason()).isEqualTo("empty batch");
        assertThat(AppendEncoding.encodeBatch(encoder, List.of(message("T", 0, 1), message("T", 1, 1)), STORE, 100)
            .status()).isEqualTo(AppendStatus.MESSAGE_ILLEGAL);
        Message prepared = Message.builder("T", 0, new byte[1]).sysFlag(MessageSysFlag.TRANSACTION_PREPARED_TYPE).build();
        assertThat(AppendEncoding.encodeBatch(encoder, List.of(message("T", 0, 1), prepared), STORE, 100).reason())
            .isEqualTo("transactional messages cannot be batched");
    }

    @Test
    void givesOneMsgIdPerRecord_atEachRecordsOffset() {
        assertThat(AppendEncoding.encodeBatch(encoder, List.of(message("T", 0, 1), message("T", 0, 2)), STORE, 100))
            .isNull();
        int first = MessageLayout.totalSize(encoder.encoded(), 0);

        List<String> ids = AppendEncoding.msgIds(STORE, 1000, encoder.encoded(), 2);

        assertThat(ids).containsExactly(OffsetMessageId.encode(STORE, 1000), OffsetMessageId.encode(STORE, 1000 + first));
    }

    @Test
    void encodesEveryRecord_withTheStoreHostItIsGiven_notTheEncodersOwn() {
        HostAddress given = HostAddress.of(new byte[16], 20911);

        assertThat(AppendEncoding.encodeBatch(encoder, List.of(message("T", 0, 1), message("T", 0, 2)), given, 100))
            .isNull();

        int first = MessageLayout.totalSize(encoder.encoded(), 0);
        for (int at : new int[] {0, first}) {
            StoredMessage record = StoredMessage.decode(encoder.encoded().duplicate().position(at));
            assertThat(record.storeHost()).isEqualTo(given);
            assertThat(MessageSysFlag.storeHostIsV6(record.sysFlag())).isTrue();
        }
    }

    @Test
    void storeTimestamp_isTheGivenOne_orTheClocksForClockTime() {
        Clock clock = () -> 1_700_000_000_123L;

        assertThat(AppendEncoding.storeTimestamp(42L, clock)).isEqualTo(42L);
        assertThat(AppendEncoding.storeTimestamp(0L, clock)).isZero();
        assertThat(AppendEncoding.storeTimestamp(AppendEncoding.CLOCK_TIME, clock)).isEqualTo(1_700_000_000_123L);
    }
}
