package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class MessageEncoderTest {

    private static final HostAddress STORE = HostAddress.of(new byte[] {10, 0, 0, 7}, 10911);
    private static final HostAddress BORN = HostAddress.of(new byte[] {10, 0, 0, 9}, 50123);

    @Test
    void encodesAllFields_atTheDocumentedOffsets() {
        MessageEncoder encoder = new MessageEncoder(4096, STORE);
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        Message message = Message.builder("Topic\u00e9", 3, body).flag(7).properties("TAGS\u0001TagA\u0002")
            .bornTimestamp(1234L).bornHost(BORN).reconsumeTimes(2).preparedTransactionOffset(99L).build();

        assertThat(encoder.encode(message)).isEqualTo(MessageEncoder.Outcome.OK);
        ByteBuffer buffer = encoder.encoded();
        MessageLayout.stamp(buffer, 0, 5L, 4096L, 777L);

        int topicBytes = "Topic\u00e9".getBytes(StandardCharsets.UTF_8).length;
        assertThat(encoder.encodedLength()).isEqualTo(91 + 5 + topicBytes + "TAGS\u0001TagA\u0002".length());
        assertThat(MessageLayout.bodyLengthOffset(0)).isEqualTo(84);
        assertThat(MessageLayout.storeTimestampOffset(0)).isEqualTo(56);
        assertThat(MessageLayout.tagsCode(buffer, 0)).isEqualTo(TagCode.of("TagA"));
        assertThat(MessageLayout.check(buffer, 0, 4096, 4096, new CRC32())).isEqualTo(encoder.encodedLength());

        StoredMessage stored = StoredMessage.decode(buffer.duplicate().position(0));
        assertThat(stored.topic()).isEqualTo("Topic\u00e9");
        assertThat(stored.queueId()).isEqualTo(3);
        assertThat(stored.flag()).isEqualTo(7);
        assertThat(stored.queueOffset()).isEqualTo(5L);
        assertThat(stored.commitLogOffset()).isEqualTo(4096L);
        assertThat(stored.storeTimestamp()).isEqualTo(777L);
        assertThat(stored.bornTimestamp()).isEqualTo(1234L);
        assertThat(stored.bornHost()).isEqualTo(BORN);
        assertThat(stored.storeHost()).isEqualTo(STORE);
        assertThat(stored.reconsumeTimes()).isEqualTo(2);
        assertThat(stored.preparedTransactionOffset()).isEqualTo(99L);
        assertThat(stored.body()).isEqualTo(body);
        assertThat(stored.tags()).isEqualTo("TagA");
    }

    @Test
    void setsTheIpv6Flags_fromTheAddressTypes() {
        HostAddress v6 = HostAddress.of(new byte[16], 1);
        MessageEncoder encoder = new MessageEncoder(4096, v6);
        encoder.encode(Message.builder("T", 0, new byte[0]).bornHost(v6).sysFlag(MessageSysFlag.STOREHOST_V6).build());

        ByteBuffer buffer = encoder.encoded();
        int sysFlag = MessageLayout.sysFlag(buffer, 0);
        assertThat(sysFlag & 0x30).isEqualTo(0x30);
        assertThat(encoder.encodedLength()).isEqualTo(91 + 24 + 1);
        assertThat(MessageLayout.check(buffer, 0, 4096, 4096, new CRC32())).isEqualTo(encoder.encodedLength());
    }

    @Test
    void encodesTheStoreHostItIsGiven_insteadOfItsOwn_withItsLengthAndFlag() {
        HostAddress given = HostAddress.of(new byte[16], 20911);
        MessageEncoder encoder = new MessageEncoder(4096, STORE);

        encoder.encode(Message.builder("T", 0, new byte[0]).bornHost(BORN).build(), given);
        encoder.encode(Message.builder("T", 0, new byte[0]).bornHost(BORN).build());

        ByteBuffer buffer = encoder.encoded();
        int first = MessageLayout.totalSize(buffer, 0);
        assertThat(first).isEqualTo(91 + 12 + 1);
        assertThat(MessageSysFlag.storeHostIsV6(MessageLayout.sysFlag(buffer, 0))).isTrue();
        assertThat(StoredMessage.decode(buffer.duplicate().position(0)).storeHost()).isEqualTo(given);
        assertThat(StoredMessage.decode(buffer.duplicate().position(first)).storeHost()).isEqualTo(STORE);
    }

    @Test
    void refusesTopicsLongerThan127Bytes_andMessagesBeyondTheBuffer() {
        MessageEncoder encoder = new MessageEncoder(256, STORE);

        assertThat(encoder.encode(Message.builder("t".repeat(128), 0, new byte[0]).build()))
            .isEqualTo(MessageEncoder.Outcome.TOPIC_TOO_LONG);
        assertThat(encoder.encode(Message.builder("t", 0, new byte[200]).build()))
            .isEqualTo(MessageEncoder.Outcome.MESSAGE_TOO_LARGE);
        assertThat(encoder.encodedLength()).isZero();
    }

    @Test
    void detectsACorruptBody() {
        MessageEncoder encoder = new MessageEncoder(4096, STORE);
        encoder.encode(Message.builder("T", 0, new byte[] {1, 2, 3}).build());
        ByteBuffer buffer = encoder.encoded();
        buffer.put(MessageLayout.bodyLengthOffset(0) + 4, (byte) 9);

        assertThat(MessageLayout.check(buffer, 0, 4096, 4096, new CRC32())).isEqualTo(MessageLayout.CHECK_CORRUPT);
    }

    @Test
    void aScheduleTopicRecord_hasItsDueTimeAsTagsCode_otherTopicsKeepTheTagHash() {
        String properties = "TAGS\u0001TagA\u0002SCHEDULE_DELIVER_MS\u00011700000012345\u0002";
        MessageEncoder encoder = new MessageEncoder(4096, STORE);
        Message parked = Message.builder("SCHEDULE_TOPIC_XXXX", 2, new byte[1]).properties(properties).build();
        encoder.encode(parked);

        assertThat(MessageLayout.tagsCode(encoder.encoded(), 0)).isEqualTo(1_700_000_012_345L);
        assertThat(parked.tagsCode()).isEqualTo(1_700_000_012_345L);

        Message elsewhere = Message.builder("SCHEDULE_TOPIC_XXXY", 2, new byte[1]).properties(properties).build();
        encoder.reset();
        encoder.encode(elsewhere);
        assertThat(MessageLayout.tagsCode(encoder.encoded(), 0)).isEqualTo(TagCode.of("TagA"));
        assertThat(elsewhere.tagsCode()).isEqualTo(TagCode.of("TagA"));

        Message malformed = Message.builder("SCHEDULE_TOPIC_XXXX", 2, new byte[1])
            .properties("TAGS\u0001TagA\u0002SCHEDULE_DELIVER_MS\u000112x\u0002").build();
        encoder.reset();
        encoder.encode(malformed);
        assertThat(MessageLayout.tagsCode(encoder.encoded(), 0)).isEqualTo(TagCode.of("TagA"));
        assertThat(malformed.tagsCode()).isEqualTo(TagCode.of("TagA"));
    }

    @Test
    void aTimerTopicRecord_hasItsDueTimeAsTagsCode_inTheRecordAndInTheMessageAlike() {
        String properties = "TAGS\u0001TagA\u0002SCHEDULE_DELIVER_MS\u00011700000054321\u0002";
        MessageEncoder encoder = new MessageEncoder(4096, STORE);
        Message parked = Message.builder("rmq_sys_wheel_timer", 0, new byte[1]).properties(properties).build();
        encoder.encode(parked);

        assertThat(MessageLayout.tagsCode(encoder.encoded(), 0)).isEqualTo(1_700_000_054_321L);
        assertThat(parked.tagsCode()).isEqualTo(1_700_000_054_321L);
    }
}
