package io.hexmq.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * The official Apache RocketMQ client: one {@link DefaultMQProducer}, one {@link DefaultMQPushConsumer}
 * per consumer, each with its own instance name (so its own connections). The topic is created with
 * the admin UPDATE_AND_CREATE_TOPIC request mqadmin sends, on every master in the TBW102 route.
 */
final class OfficialClient implements ClientUnderTest {

    private static final int SEND_TIMEOUT_MILLIS = 10_000;
    private static final int ADMIN_TIMEOUT_MILLIS = 5_000;
    /** The topic whose route names the brokers that accept new topics. */
    static final String AUTO_CREATE_TOPIC = "TBW102";

    private final String nameServer;
    private final String topic;
    private final String runId;
    private final DefaultMQProducer producer;
    private final List<DefaultMQPushConsumer> consumers = new ArrayList<>();
    private final RPCHook signer;
    private final boolean tls;
    private final boolean pop;

    /**
     * @param signer signs every request ({@code AclClientRPCHook}), or {@code null}
     * @param pop    the consumers leave assignment to the broker and consume by POP
     *               ({@code setClientRebalance(false)}), else they rebalance themselves and pull
     */
    OfficialClient(String nameServer, String topic, String runId, RPCHook signer, boolean tls, boolean pop)
            throws MQClientException {
        this.nameServer = nameServer;
        this.topic = topic;
        this.runId = runId;
        this.signer = signer;
        this.tls = tls;
        this.pop = pop;
        // One producer shared by every producer thread, as applications use it: one connection per broker.
        this.producer = configure(new DefaultMQProducer("bench_producers_" + runId, signer), "producer");
        producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setRetryTimesWhenSendAsyncFailed(0);
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE);
        producer.start();
    }

    private <T extends ClientConfig> T configure(T client, String role) {
        client.setNamesrvAddr(nameServer);
        client.setInstanceName("bench-" + role + "-" + runId);
        client.setUseTLS(tls);
        return client;
    }

    @Override
    public int createTopic(int queues) throws Exception {
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        List<String> masters = new ArrayList<>();
        // A broker that has just started may not have registered yet.
        Await.until("a master broker in the " + AUTO_CREATE_TOPIC + " route", () -> {
            masters.clear();
            masters.addAll(masters(api));
            return !masters.isEmpty();
        });
        TopicConfig config = new TopicConfig(topic, queues, queues, PermName.PERM_READ | PermName.PERM_WRITE);
        for (String master : masters) {
            api.createTopic(master, AUTO_CREATE_TOPIC, config, ADMIN_TIMEOUT_MILLIS);
        }
        Await.until("route of " + topic + " with " + queues + " queues on " + masters.size() + " broker(s)",
                () -> routed(api, queues) == masters.size());
        BenchReport.format("topic %s created on %s", topic, masters);
        return masters.size() * queues;
    }

    /** The master brokers of the {@value #AUTO_CREATE_TOPIC} route; empty while there is none. */
    static List<String> masters(MQClientAPIImpl api) {
        List<String> masters = new ArrayList<>();
        try {
            TopicRouteData defaults = api.getTopicRouteInfoFromNameServer(AUTO_CREATE_TOPIC, ADMIN_TIMEOUT_MILLIS);
            for (BrokerData broker : defaults.getBrokerDatas()) {
                String master = broker.getBrokerAddrs().get(0L);
                if (master != null) {
                    masters.add(master);
                }
            }
        } catch (Exception notYet) {
            // no route yet: the caller asks again
        }
        return masters;
    }

    /** Brokers routing the topic with {@code queues} read and write queues. */
    private long routed(MQClientAPIImpl api, int queues) {
        try {
            TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, ADMIN_TIMEOUT_MILLIS);
            return route.getQueueDatas().stream()
                    .filter(data -> data.getWriteQueueNums() == queues && data.getReadQueueNums() == queues)
                    .map(QueueData::getBrokerName).distinct().count();
        } catch (Exception notYet) {
            return 0;
        }
    }

    @Override
    public void startConsumer(BodyListener listener) throws MQClientException {
        DefaultMQPushConsumer consumer = configure(
                new DefaultMQPushConsumer("bench_consumers_" + runId, signer, new AllocateMessageQueueAveragely()),
                "consumer-" + consumers.size());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setClientRebalance(!pop);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt message : messages) {
                listener.consumed(message.getBody());
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumers.add(consumer);
        consumer.start();
    }

    @Override
    public int assignedQueues() {
        int assigned = 0;
        for (DefaultMQPushConsumer consumer : consumers) {
            assigned += consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().size();
        }
        return assigned;
    }

    @Override
    public boolean send(byte[] body) throws Exception {
        return producer.send(new Message(topic, body)).getSendStatus() == SendStatus.SEND_OK;
    }

    @Override
    public void sendAsync(byte[] body, SendOutcome outcome) throws Exception {
        producer.send(new Message(topic, body), new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {
                outcome.completed(result.getSendStatus() == SendStatus.SEND_OK);
            }

            @Override
            public void onException(Throwable failure) {
                outcome.failed(failure);
            }
        });
    }

    @Override
    public void sendOneway(byte[] body) throws Exception {
        producer.sendOneway(new Message(topic, body));
    }

    @Override
    public void close() {
        producer.shutdown();
        consumers.forEach(DefaultMQPushConsumer::shutdown);
    }
}
