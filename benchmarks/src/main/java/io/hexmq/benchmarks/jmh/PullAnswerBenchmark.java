package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.netty.broker.PullMessageHandler;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.message.LongPollingPulls;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.PullMessages;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A pull answer as the broker produces and sends it: a PULL_MESSAGE for 32 × 1 KiB through the real
 * {@link PullMessageHandler} (its use case, the store's read), the response through the real
 * {@link RemotingCommandEncoder} in an {@link EmbeddedChannel}, and the encoded frame handed to a
 * gathering write as Netty's NIO transport hands it to the socket (one buffer, or the buffers of a
 * composite), here to {@code /dev/null}. One op is one pull answered and written; with {@code -prof gc}
 * its {@code gc.alloc.rate.norm} is the heap the pull path allocates per answer.
 *
 * <p>Uses only what every build since the remoting module has, so the same class measures a build
 * before a change and after it. The requests are built once per offset in the setup (a server gets
 * them from its decoder), and the pull neither waits nor commits an offset.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class PullAnswerBenchmark extends StoreBenchmark {

    static final int MESSAGES = 32_768;
    static final int BATCH = 32;

    @Param({"file", "chronicle"})
    String store;

    private Path directory;
    private MessageStore messageStore;
    private PullMessageHandler handler;
    private RequestContext context;
    private RemotingCommand[] requests;
    private EmbeddedChannel channel;
    private FileChannel socket;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = BenchmarkStores.temporaryDirectory();
        messageStore = BenchmarkStores.open(store, directory);
        BenchmarkStores.fillQueue(messageStore, MESSAGES);
        handler = new PullMessageHandler(pullMessages(messageStore));
        context = new RequestContext(new BenchmarkPeer());
        requests = new RemotingCommand[MESSAGES / BATCH];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = pullRequest((long) i * BATCH).withOpaque(i);
        }
        channel = new EmbeddedChannel(new RemotingCommandEncoder());
        socket = FileChannel.open(Path.of("/dev/null"), StandardOpenOption.WRITE);
        RemotingCommand first = handler.handle(requests[0], context).join();
        if (first.code() != ResponseCode.SUCCESS || first.body().length < BATCH * MessageStoreAppendBenchmark.BODY_BYTES) {
            throw new IllegalStateException("the pull found no " + BATCH + " messages: " + first);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        socket.close();
        channel.finishAndReleaseAll();
        messageStore.shutdown();
        BenchmarkStores.delete(directory);
    }

    @Benchmark
    public long answer32() throws IOException {
        RemotingCommand request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        RemotingCommand response = handler.handle(request, context).join();
        channel.writeAndFlush(response);
        ByteBuf frame = channel.readOutbound();
        try {
            // What NioSocketChannel does with an outbound buffer: its one NIO buffer, or all of a composite's.
            return frame.nioBufferCount() == 1
                    ? socket.write(frame.internalNioBuffer(frame.readerIndex(), frame.readableBytes()))
                    : socket.write(frame.nioBuffers());
        } finally {
            frame.release();
        }
    }

    private static RemotingCommand pullRequest(long offset) {
        return RemotingCommand.request(RequestCode.PULL_MESSAGE)
                .extField(PullMessageHeader.CONSUMER_GROUP, "BenchmarkGroup")
                .extField(PullMessageHeader.TOPIC, BenchmarkStores.TOPIC)
                .extField(PullMessageHeader.QUEUE_ID, 0)
                .extField(PullMessageHeader.QUEUE_OFFSET, offset)
                .extField(PullMessageHeader.MAX_MSG_NUMS, BATCH)
                .extField(PullMessageHeader.SYS_FLAG, PullSysFlag.SUBSCRIPTION)
                .extField(PullMessageHeader.COMMIT_OFFSET, 0L)
                .extField(PullMessageHeader.SUSPEND_TIMEOUT_MILLIS, 0L)
                .extField(PullMessageHeader.SUBSCRIPTION, "*")
                .extField(PullMessageHeader.SUB_VERSION, 0L)
                .extField(PullMessageHeader.EXPRESSION_TYPE, "TAG")
                .build();
    }

    /** The pull use case over {@code store}, its other collaborators in memory, as bootstrap wires it. */
    private static PullMessages pullMessages(MessageStore store) {
        return new PullMessages(BenchmarkBroker.groups(), BenchmarkBroker.topics(), new ConsumerGroups(), store,
                new ConsumerOffsets(ConsumerOffsetTable.EMPTY),
                new LongPollingPulls(BenchmarkStores.SYSTEM_CLOCK, Runnable::run),
                new BrokerStatistics(BenchmarkStores.SYSTEM_CLOCK, ZoneOffset.UTC),
                BenchmarkStores.SYSTEM_CLOCK, BenchmarkBroker.LIVE_SETTINGS, MessageSettings.defaults());
    }
}
