package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.metrics.MessageHistograms;
import io.hexmq.adapters.netty.broker.SendMessageHandler;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.RetrySendRules;
import io.hexmq.application.message.SendAdmission;
import io.hexmq.application.message.SendMessage;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.application.topic.SaveStagedTopics;
import io.hexmq.application.topic.SendTopicLookup;
import io.hexmq.domain.consumer.QueueLocks;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.protocol.HeaderSpelling;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Map;
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
 * A send as the broker handles it once the frame is decoded: a SEND_MESSAGE_V2 of 1 KiB (compact header,
 * TAGS and UNIQ_KEY as the official client sets them) through the real {@link SendMessageHandler}, its
 * {@link SendMessage} use case (admission, properties, the store's append, the result) and a store with
 * asynchronous flush, up to the response command. One op is one send answered; with {@code -prof gc} its
 * {@code gc.alloc.rate.norm} is the heap the send path allocates per message behind the decoder.
 *
 * <p>Uses only what builds before and after the store port's asynchronous append have in common (the
 * handler and use-case constructors, {@code handle(...).join()}), so the same class measures both. The
 * requests are built once in the setup, 4,096 of them over the topic's 4 queues, each with its own
 * UNIQ_KEY; the store grows by about 1.1 KB a send.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class SendMessageBenchmark extends StoreBenchmark {

    static final int REQUESTS = 4096;
    static final int QUEUES = 4;

    @Param({"file", "chronicle"})
    String store;

    /** "on": message sizes recorded as the broker does with metrics on ({@code rocketmq_message_size}). */
    @Param({"off", "on"})
    String metrics = "off";

    private Path directory;
    private MessageStore messageStore;
    private SendMessageHandler handler;
    private RequestContext context;
    private RemotingCommand[] requests;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        directory = BenchmarkStores.temporaryDirectory();
        messageStore = BenchmarkStores.open(store, directory);
        MessageSizes sizes = "on".equals(metrics) ? MessageHistograms.ofItsOwn() : MessageSizes.NONE;
        handler = new SendMessageHandler(sendMessage(messageStore, sizes), TraceSettings.defaults());
        context = new RequestContext(new BenchmarkPeer());
        byte[] body = BenchmarkStores.message(0, MessageStoreAppendBenchmark.BODY_BYTES).body();
        requests = new RemotingCommand[REQUESTS];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = sendRequest(i % QUEUES, "7F0000011F4018B4AAC2" + String.format("%012X", i), body)
                    .withOpaque(i);
        }
        RemotingCommand first = handler.handle(requests[0], context).join();
        if (first.code() != ResponseCode.SUCCESS) {
            throw new IllegalStateException("the send was not stored: " + first);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        messageStore.shutdown();
        BenchmarkStores.delete(directory);
    }

    @Benchmark
    public RemotingCommand send() {
        RemotingCommand request = requests[next];
        next = next + 1 == requests.length ? 0 : next + 1;
        return handler.handle(request, context).join();
    }

    private static RemotingCommand sendRequest(int queueId, String uniqueKey, byte[] body) {
        String properties = MessageProperties.encode(Map.of(MessageProperties.TAGS, "TagA",
                MessageProperties.UNIQ_KEY, uniqueKey));
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2)
                .spelling(HeaderSpelling.COMPACT)
                .extField(SendMessageHeader.PRODUCER_GROUP, "BenchmarkProducerGroup")
                .extField(SendMessageHeader.TOPIC, BenchmarkStores.TOPIC)
                .extField(SendMessageHeader.DEFAULT_TOPIC, "TBW102")
                .extField(SendMessageHeader.DEFAULT_TOPIC_QUEUE_NUMS, QUEUES)
                .extField(SendMessageHeader.QUEUE_ID, queueId)
                .extField(SendMessageHeader.SYS_FLAG, 0)
                .extField(SendMessageHeader.BORN_TIMESTAMP, BenchmarkStores.SYSTEM_CLOCK.millis())
                .extField(SendMessageHeader.FLAG, 0)
                .extField(SendMessageHeader.PROPERTIES, properties)
                .extField(SendMessageHeader.RECONSUME_TIMES, 0)
                .extField(SendMessageHeader.UNIT_MODE, false)
                .extField(SendMessageHeader.BATCH, false)
                .body(body)
                .build();
    }

    /** The send use case over {@code store}, its other collaborators in memory, as bootstrap wires it. */
    private static SendMessage sendMessage(MessageStore store, MessageSizes sizes) {
        TopicTable topics = BenchmarkBroker.topics();
        SaveStagedTopics saves = new SaveStagedTopics(topics, BenchmarkBroker.NO_TOPIC_FILE, BenchmarkStores.SYSTEM_CLOCK);
        saves.whenDue(atMillis -> saves.saveDue());
        SendTopicLookup resolveTopic = new SendTopicLookup(topics, saves, BenchmarkBroker.NO_REGISTRATION,
                BenchmarkStores.SYSTEM_CLOCK, BenchmarkBroker.LIVE_SETTINGS);
        GroupTopics groupTopics = new GroupTopics(topics, BenchmarkBroker.NO_TOPIC_FILE,
                BenchmarkBroker.NO_REGISTRATION, BenchmarkStores.SYSTEM_CLOCK);
        MessageSettings settings = MessageSettings.defaults();
        return new SendMessage(
                new SendAdmission(resolveTopic, BenchmarkBroker.LIVE_SETTINGS, settings),
                new RetrySendRules(BenchmarkBroker.groups(), groupTopics,
                        new QueueLocks(BenchmarkBroker.SETTINGS.lockMaxLiveTime().toMillis()),
                        BenchmarkStores.SYSTEM_CLOCK),
                store,
                new UniqueKeyGenerator(BenchmarkStores.STORE_HOST, BenchmarkStores.SYSTEM_CLOCK::millis, ZoneOffset.UTC),
                new BrokerStatistics(BenchmarkStores.SYSTEM_CLOCK, ZoneOffset.UTC),
                BenchmarkStores.SYSTEM_CLOCK, BenchmarkBroker.SETTINGS, settings, TraceSettings.defaults(),
                new MessageOutcomes(), sizes);
    }
}
