package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.file.consumequeue.ConsumeQueueEntryLayout;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.TagCode;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.ReadResult;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stored bytes, decoded by Apache RocketMQ's own {@code MessageDecoder}: the oracle for the layout. */
class MappedFileMessageStoreEncodingTest {

    private static final long START = 1_700_000_000_000L;
    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {(byte) 192, (byte) 168, 1, 20}, 10911);
    private static final HostAddress BORN_HOST = HostAddress.of(new byte[] {(byte) 192, (byte) 168, 1, 77}, 61234);

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(START);
    private MappedFileMessageStore store;

    @BeforeEach
    void open() {
        store = new MappedFileMessageStore(StoreFixture.settings(root), STORE_HOST, clock,
            new StoreFixture.SettableDiskUsage());
        store.start();
    }

    @AfterEach
    void close() {
        store.shutdown();
    }

    private static String properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperties.TAGS, "TagA");
        properties.put(MessageProperties.KEYS, "order-1 order-2");
        properties.put(MessageProperties.UNIQ_KEY, "C0A8014D00002A9F0000000000000001");
        properties.put("custom", "v\u00e4lue");
        return MessageProperties.encode(properties);
    }

    @Test
    void everyField_decodesWithRocketMqsMessageDecoder() {
        store.append(Message.builder("Warmup", 0, new byte[10]).build());
        clock.advanceMillis(42);
        byte[] body = "hello rocketmq".getBytes(StandardCharsets.UTF_8);
        Message message = Message.builder("TopicTest", 3, body).flag(5).properties(properties())
            .bornTimestamp(START - 1000).bornHost(BORN_HOST).reconsumeTimes(2).build();
        store.append(message);
        AppendResult result = store.append(message);

        ByteBuffer stored = store.lookup(result.commitLogOffset()).orElseThrow();
        MessageExt decoded = MessageDecoder.decode(stored.duplicate(), true, true, false, false, true);

        assertThat(decoded).isNotNull();
        assertThat(decoded.getTopic()).isEqualTo("TopicTest");
        assertThat(decoded.getBody()).isEqualTo(body);
        assertThat(decoded.getTags()).isEqualTo("TagA");
        assertThat(decoded.getKeys()).isEqualTo("order-1 order-2");
        assertThat(decoded.getProperty("custom")).isEqualTo("v\u00e4lue");
        assertThat(decoded.getProperties()).containsAllEntriesOf(MessageProperties.decode(properties()));
        assertThat(decoded.getQueueId()).isEqualTo(3);
        assertThat(decoded.getFlag()).isEqualTo(5);
        assertThat(decoded.getQueueOffset()).isEqualTo(1);
        assertThat(decoded.getCommitLogOffset()).isEqualTo(result.commitLogOffset());
        assertThat(decoded.getStoreSize()).isEqualTo(result.wroteBytes());
        assertThat(decoded.getSysFlag()).isZero();
        assertThat(decoded.getBornTimestamp()).isEqualTo(START - 1000);
        assertThat(decoded.getBornHost()).isEqualTo(BORN_HOST.toSocketAddress());
        assertThat(decoded.getStoreTimestamp()).isEqualTo(START + 42);
        assertThat(decoded.getStoreHost()).isEqualTo(STORE_HOST.toSocketAddress());
        assertThat(decoded.getReconsumeTimes()).isEqualTo(2);
        assertThat(decoded.getPreparedTransactionOffset()).isZero();
        assertThat(decoded.getMsgId()).isEqualTo(result.msgId())
            .isEqualTo(MessageDecoder.createMessageId(new InetSocketAddress("192.168.1.20", 10911),
                result.commitLogOffset()));
        assertThat(MessageDecoder.clientDecode(stored.duplicate(), true).getMsgId())
            .isEqualTo("C0A8014D00002A9F0000000000000001");
    }

    @Test
    void ipv6Hosts_setTheSysFlagBits_andDecode() {
        HostAddress v6 = HostAddress.of(new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9},
            40000);
        AppendResult result = store.append(Message.builder("TopicTest", 0, new byte[] {1}).bornHost(v6).build());

        MessageExt decoded = MessageDecoder.decode(store.lookup(result.commitLogOffset()).orElseThrow().duplicate());

        assertThat(decoded.getSysFlag() & 0x10).isEqualTo(0x10);
        assertThat(decoded.getBornHost()).isEqualTo(v6.toSocketAddress());
        assertThat(decoded.getStoreHost()).isEqualTo(STORE_HOST.toSocketAddress());
    }

    @Test
    void aPullBody_ofRecordsBackToBack_decodesAsRocketMqClientsDo() {
        for (int i = 0; i < 5; i++) {
            store.append(Message.builder("TopicTest", 1, ("m" + i).getBytes(StandardCharsets.UTF_8))
                .properties(properties()).build());
        }
        ReadResult result = store.read("TopicTest", 1, 1, 3, MessageFilter.ALL);
        ByteBuffer body = ByteBuffer.allocate(result.totalBytes());
        result.messages().forEach(record -> body.put(record.duplicate()));
        body.flip();

        List<MessageExt> decoded = MessageDecoder.decodes(body);

        assertThat(decoded).extracting(m -> new String(m.getBody(), StandardCharsets.UTF_8))
            .containsExactly("m1", "m2", "m3");
        assertThat(decoded).extracting(MessageExt::getQueueOffset).containsExactly(1L, 2L, 3L);
    }

    @Test
    void consumeQueueEntries_holdOffsetSizeAndTagHash() throws Exception {
        store.append(Message.builder("TopicTest", 0, new byte[3]).build());
        AppendResult result = store.append(Message.builder("TopicTest", 0, new byte[3]).properties(properties()).build());
        store.flush();

        Path file = root.resolve("consumequeue/TopicTest/0").resolve(MappedFile.fileName(0));
        ByteBuffer entries = ByteBuffer.wrap(StoreFixture.read(file, 0, 40));

        assertThat(ConsumeQueueEntryLayout.tagsCode(entries, 0)).isZero();
        assertThat(ConsumeQueueEntryLayout.commitLogOffset(entries, 20)).isEqualTo(result.commitLogOffset());
        assertThat(ConsumeQueueEntryLayout.size(entries, 20)).isEqualTo(result.wroteBytes());
        assertThat(ConsumeQueueEntryLayout.tagsCode(entries, 20)).isEqualTo(TagCode.of("TagA")).isEqualTo(2598919L);
    }
}
