package io.hexmq.bootstrap.compat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.trace.TraceView;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * Official Apache RocketMQ clients, configured only where a test must not wait for production
 * timers (route polls and heartbeats every second instead of every 30 s), each with its own
 * instance name so that several live in one JVM as separate clients. Everything started is shut
 * down by {@link #close()}.
 *
 * <p>The compat-4x module runs this class, compiled against rocketmq-client 5.x, with the 4.9.x client
 * on its classpath: it names only classes and methods that both versions have under the same names
 * (the 4.x route types live in another package, so routes are read through the producer's queues).
 */
public final class OfficialClients implements AutoCloseable {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final String nameServer;
    private final List<Runnable> shutdowns = new ArrayList<>();

    public OfficialClients(String nameServer) {
        this.nameServer = nameServer;
    }

    private <T extends ClientConfig> T configure(T client) {
        client.setNamesrvAddr(nameServer);
        client.setInstanceName("it-" + INSTANCES.incrementAndGet() + "-" + System.nanoTime());
        client.setPollNameServerInterval(1_000);
        client.setHeartbeatBrokerInterval(1_000);
        return client;
    }

    public DefaultMQProducer producer(String group) throws Exception {
        DefaultMQProducer producer = configure(new DefaultMQProducer(group));
        producer.setSendMsgTimeout(10_000);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    /** A transactional producer, started, whose local transactions and check-backs {@code listener} answers. */
    public TransactionMQProducer transactionProducer(String group, TransactionListener listener) throws Exception {
        TransactionMQProducer producer = configure(new TransactionMQProducer(group));
        producer.setSendMsgTimeout(10_000);
        producer.setTransactionListener(listener);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    /** A producer, started, that writes the official client's message trace to {@code traceTopic}. */
    public DefaultMQProducer tracedProducer(String group, String traceTopic) throws Exception {
        DefaultMQProducer producer = configure(new DefaultMQProducer(group));
        producer.setEnableTrace(true);
        producer.setTraceTopic(traceTopic);
        producer.setSendMsgTimeout(10_000);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    /** A push consumer, not yet started: the test registers its listener first. */
    public DefaultMQPushConsumer pushConsumer(String group) {
        DefaultMQPushConsumer consumer = configure(new DefaultMQPushConsumer(group));
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPersistConsumerOffsetInterval(1_000);
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    /**
     * A push consumer of {@code group}, started on {@code topic} with {@code subscription}, that keeps every
     * message it is handed under its body (a redelivery replaces the earlier copy); the map it returns
     * fills as messages arrive.
     */
    public Map<String, MessageExt> consumeByBody(String group, String topic, String subscription)
            throws MQClientException {
        Map<String, MessageExt> consumed = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = pushConsumer(group);
        consumer.subscribe(topic, subscription);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> consumed.put(new String(m.getBody(), StandardCharsets.UTF_8), m));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumed;
    }

    public DefaultLitePullConsumer litePullConsumer(String group) {
        DefaultLitePullConsumer consumer = configure(new DefaultLitePullConsumer(group));
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    /**
     * Consumes {@code messages} messages of {@code topic} as {@code group}, from its first offset, with a
     * lite pull consumer, and commits them: the group then has an offset on the broker (once the commit
     * has reached it) for an admin to show.
     */
    public void consumeAndCommit(String topic, String group, int messages) throws MQClientException {
        DefaultLitePullConsumer consumer = litePullConsumer(group);
        consumer.setAutoCommit(false);
        consumer.subscribe(topic, MessageSelector.byTag("*"));
        consumer.start();
        int[] received = {0};
        io.hexmq.bootstrap.Await.until("the official consumer gets " + messages + " messages", () -> {
            received[0] += consumer.poll(200).size();
            return received[0] >= messages;
        });
        consumer.commitSync();
    }

    /**
     * Assigns {@code queue} to the configured, unstarted {@code consumer}, starts it and seeks to {@code offset}.
     * The official client starts pulling as soon as a queue is assigned, and a seek that lands between two of
     * those pulls can be lost (the next pull goes on from where the previous one ended); the queue stays paused
     * until the seek is in place, so no pull runs before it.
     */
    public static void startAt(DefaultLitePullConsumer consumer, MessageQueue queue, long offset) throws MQClientException {
        consumer.assign(List.of(queue));
        consumer.pause(List.of(queue));
        consumer.start();
        consumer.seek(queue, offset);
        consumer.resume(List.of(queue));
    }

    /**
     * The pull consumer (deprecated in 5.x, still shipped), started: each pull names its queue, offset and
     * whether the broker may hold it, so a test can place one request precisely.
     */
    @SuppressWarnings("deprecation")
    DefaultMQPullConsumer pullConsumer(String group) throws Exception {
        DefaultMQPullConsumer consumer = configure(new DefaultMQPullConsumer(group));
        consumer.start();
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    /** Creates {@code topic} on the broker the way mqadmin updateTopic does, and waits until it is routed. */
    public void createTopic(DefaultMQProducer producer, String brokerAddress, String topic, int queues) throws Exception {
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        TopicConfig config = new TopicConfig(topic, queues, queues, 6);
        api.createTopic(brokerAddress, "TBW102", config, 5_000);
        io.hexmq.bootstrap.Await.until("route of " + topic, () -> routed(producer, topic, queues));
    }

    private static boolean routed(DefaultMQProducer producer, String topic, int queues) {
        try {
            return producer.fetchPublishMessageQueues(topic).size() == queues;
        } catch (Exception notYet) {
            return false;
        }
    }

    /**
     * The official admin (DefaultMQAdminExt 5.3.3, 5 s per call), started against {@code nameServer}
     * under an instance name of its own; the caller shuts it down.
     */
    public static DefaultMQAdminExt startedAdmin(String nameServer, String instancePrefix) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(nameServer);
        admin.setInstanceName(instancePrefix + "-" + System.nanoTime());
        admin.start();
        return admin;
    }

    /**
     * What {@code mqadmin queryMsgTraceById} reads: the trace topic's records keyed by {@code msgId}, each
     * decoded by the client's {@link TraceView}; none while the broker has not indexed them yet.
     */
    public static List<TraceView> traceOf(DefaultMQAdminExt admin, String traceTopic, String msgId) {
        try {
            List<TraceView> views = new ArrayList<>();
            for (MessageExt record : admin.queryMessage(traceTopic, msgId, 64, 0, Long.MAX_VALUE).getMessageList()) {
                views.addAll(TraceView.decodeFromTraceTransData(msgId, record));
            }
            return views;
        } catch (Exception notYetIndexed) {
            return List.of();
        }
    }

    /**
     * The sum of what {@code group} has committed on the broker for queues 0..queues-1 of {@code topic}, asked
     * through {@code via}'s client (QUERY_CONSUMER_OFFSET); -1 while a queue has no committed offset yet.
     */
    public static long committedOnBroker(DefaultMQProducer via, String brokerAddress, String group, String topic,
                                         int queues) throws Exception {
        MQClientAPIImpl api = via.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        long sum = 0;
        for (int queueId = 0; queueId < queues; queueId++) {
            QueryConsumerOffsetRequestHeader header = new QueryConsumerOffsetRequestHeader();
            header.setConsumerGroup(group);
            header.setTopic(topic);
            header.setQueueId(queueId);
            header.setSetZeroIfNotFound(false);
            try {
                sum += api.queryConsumerOffset(brokerAddress, header, 5_000);
            } catch (MQBrokerException notCommitted) {
                return -1;
            }
        }
        return sum;
    }

    public static MessageQueue queue(String topic, String brokerName, int id) {
        return new MessageQueue(topic, brokerName, id);
    }

    @Override
    public void close() {
        for (int i = shutdowns.size() - 1; i >= 0; i--) {
            try {
                shutdowns.get(i).run();
            } catch (RuntimeException ignored) {
                // a client that never started has nothing to stop
            }
        }
    }
}
