package io.hexmq.client.internal.remote;

import static io.hexmq.client.internal.testing.StoredMessages.BORN;
import static io.hexmq.client.internal.testing.StoredMessages.STORE;
import static io.hexmq.client.internal.testing.StoredMessages.stored;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.ReceivedMessage;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class MessageDecodingTest {

    @Test
    void decodesRecordsBackToBackWithPropertiesIdsAndHosts() {
        byte[] body = stored(0L,
                Message.builder("orders", 2, "one".getBytes(StandardCharsets.UTF_8))
                        .properties("KEYS\u0001k1 k2\u0002TAGS\u0001t\u0002UNIQ_KEY\u0001ABC\u0002")
                        .bornHost(BORN).bornTimestamp(5L).flag(3).build(),
                Message.builder("orders", 2, "two".getBytes(StandardCharsets.UTF_8)).bornHost(BORN).build());

        List<ReceivedMessage> messages = MessageDecoding.decodeAll(body);

        assertThat(messages).hasSize(2);
        ReceivedMessage first = messages.get(0);
        assertThat(first.topic()).isEqualTo("orders");
        assertThat(first.queueId()).isEqualTo(2);
        assertThat(first.bodyAsString()).isEqualTo("one");
        assertThat(first.msgId()).isEqualTo("ABC");
        assertThat(first.offsetMsgId()).isEqualTo(OffsetMessageId.encode(STORE, 0L));
        assertThat(first.tags()).contains("t");
        assertThat(first.keys()).containsExactly("k1", "k2");
        assertThat(first.flag()).isEqualTo(3);
        assertThat(first.bornHost()).isEqualTo("10.0.0.2:50000");
        assertThat(first.storeHost()).isEqualTo("127.0.0.1:10911");
        ReceivedMessage second = messages.get(1);
        assertThat(second.msgId()).as("without UNIQ_KEY the offset id").isEqualTo(second.offsetMsgId());
        assertThat(second.commitLogOffset()).isEqualTo(ByteBuffer.wrap(body).getInt(0));
    }

    @Test
    void stopsAtTrailingBytesThatAreNotARecord() {
        byte[] record = stored(0L, Message.builder("t", 0, new byte[] {1}).bornHost(BORN).build());
        byte[] body = new byte[record.length + 100];
        System.arraycopy(record, 0, body, 0, record.length);

        assertThat(MessageDecoding.decodeAll(body)).hasSize(1);
    }

    @Test
    void inflatesZlibCompressedBodies() {
        byte[] plain = "compressible ".repeat(100).getBytes(StandardCharsets.UTF_8);
        byte[] body = stored(0L, Message.builder("t", 0, deflate(plain)).sysFlag(MessageSysFlag.COMPRESSED)
                .bornHost(BORN).build());

        assertThat(MessageDecoding.decodeAll(body).get(0).body()).isEqualTo(plain);
    }

    private static byte[] deflate(byte[] plain) {
        Deflater deflater = new Deflater();
        deflater.setInput(plain);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[1024];
        while (!deflater.finished()) {
            out.write(chunk, 0, deflater.deflate(chunk));
        }
        deflater.end();
        return out.toByteArray();
    }
}
