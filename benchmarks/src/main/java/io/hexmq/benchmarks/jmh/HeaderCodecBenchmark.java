package io.hexmq.benchmarks.jmh;

import io.hexmq.remoting.protocol.FrameLayout;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingCommandDecoder;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The broker's frame codec for one send, JSON headers both ways: {@code decode} turns a SEND_MESSAGE_V2
 * request frame (the official 5.x client's compact field names, TAGS/KEYS/UNIQ_KEY properties, a 16-byte
 * body) into a command through the real {@link RemotingCommandDecoder}; {@code encode} writes the send's
 * SUCCESS answer (msgId, queue, offset, region, trace flag) through the real {@link RemotingCommandEncoder}
 * into a pooled direct buffer and releases it. Both run in an {@link EmbeddedChannel}, whose small cost is
 * the same in every build.
 *
 * <p>Uses only the public codec, so the same class measures the builds before and after the header
 * codec of issue 14 §3 (Gson reader and string-built writer, then the byte scanner and direct writer).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HeaderCodecBenchmark {

    private EmbeddedChannel decoding;
    private EmbeddedChannel encoding;
    private ByteBuf requestFrame;
    private RemotingCommand response;

    @Setup(Level.Trial)
    public void setUp() {
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2)
                .extField("a", "PG_benchmark")
                .extField("b", "BenchmarkTopic")
                .extField("c", "TBW102")
                .extField("d", 4)
                .extField("e", 2)
                .extField("f", 0)
                .extField("g", 1_764_633_600_123L)
                .extField("h", 0)
                .extField("i", "TAGS\u0001TagA\u0002KEYS\u0001order-4711\u0002UNIQ_KEY\u00017F0000010B1C18B4AAC2"
                        + "5D5C8A400000\u0002WAIT\u0001true\u0002")
                .extField("j", 0)
                .extField("k", false)
                .extField("m", false)
                .extField("n", "broker-a")
                .body("0123456789abcdef".getBytes(StandardCharsets.UTF_8))
                .build()
                .withOpaque(123_456);
        response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField("msgId", "7F00000100002A9F00000000001F4B20")
                .extField("queueId", 2)
                .extField("queueOffset", 918_273)
                .extField("transactionId", "7F0000010B1C18B4AAC25D5C8A400000")
                .extField("MSG_REGION", "DefaultRegion")
                .extField("TRACE_ON", "true")
                .build();
        encoding = new EmbeddedChannel(new RemotingCommandEncoder());
        encoding.config().setAllocator(PooledByteBufAllocator.DEFAULT);
        encoding.writeOutbound(request);
        ByteBuf encoded = encoding.readOutbound();
        requestFrame = PooledByteBufAllocator.DEFAULT.directBuffer(encoded.readableBytes()).writeBytes(encoded);
        encoded.release();
        decoding = new EmbeddedChannel(new RemotingCommandDecoder(FrameLayout.DEFAULT_MAX_FRAME_LENGTH));
        decoding.config().setAllocator(PooledByteBufAllocator.DEFAULT);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        requestFrame.release();
        decoding.finishAndReleaseAll();
        encoding.finishAndReleaseAll();
    }

    @Benchmark
    public RemotingCommand decode() {
        decoding.writeInbound(requestFrame.retainedDuplicate());
        return decoding.readInbound();
    }

    @Benchmark
    public int encode() {
        encoding.writeOutbound(response);
        ByteBuf frame = encoding.readOutbound();
        int length = frame.readableBytes();
        frame.release();
        return length;
    }
}
