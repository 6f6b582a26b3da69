package io.hexmq.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;

/**
 * Many official clients held connected at once, for the broker's cost per connection: {@code --producers}
 * producers and {@code --consumers} push consumers, each its own client instance (its own instance
 * name, so its own connections to the NameServer and the broker, its own heartbeats). A producer sends
 * one message (to topic {@code i % --topics}, created by {@link BrokerScaleLoad}) so that it knows the
 * broker and heartbeats to it; consumers form groups of {@code --group-size}, each group on its own
 * topic. Once all are started it logs {@code holding ...} and keeps them for {@code --hold-seconds}.
 * Run the JVM with {@code -Dcom.rocketmq.remoting.client.worker.size=1} to keep its own threads few.
 *
 * <pre>
 * java -Dcom.rocketmq.remoting.client.worker.size=1 -cp benchmarks/target/benchmarks.jar \
 *     io.hexmq.benchmarks.load.ConnectionHoldLoad --namesrv 127.0.0.1:19876 --producers 500 --consumers 500 \
 *     --group-size 10 --topics 100 --hold-seconds 150
 * </pre>
 */
public final class ConnectionHoldLoad {

    private static final int SEND_TIMEOUT_MILLIS = 30_000;

    private ConnectionHoldLoad() {
    }

    public static void main(String[] args) throws Exception {
        HoldOptions options = HoldOptions.parse(args);

        List<DefaultMQProducer> producers = new ArrayList<>();
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < options.producers(); i++) {
                DefaultMQProducer producer = new DefaultMQProducer("scale_hold_producers");
                producer.setNamesrvAddr(options.nameServer());
                producer.setInstanceName("hold-p-" + i);
                producer.setClientCallbackExecutorThreads(1);
                producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
                producer.start();
                producers.add(producer);
                if (producer.send(new Message(options.topic(i), new byte[16]))
                        .getSendStatus() != SendStatus.SEND_OK) {
                    BenchReport.problem("producer " + i + "'s first send was not stored");
                }
            }
            for (int i = 0; i < options.consumers(); i++) {
                int group = i / options.groupSize();
                DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("scale_hold_cg_" + group);
                consumer.setNamesrvAddr(options.nameServer());
                consumer.setInstanceName("hold-c-" + i);
                consumer.setClientCallbackExecutorThreads(1);
                consumer.setConsumeThreadMin(1);
                consumer.setConsumeThreadMax(1);
                consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
                consumer.subscribe(options.topic(group), "*");
                consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                        ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
                consumer.start();
                consumers.add(consumer);
            }
            BenchReport.format("holding %d producers and %d push consumers (%d groups), started in %.1f s;"
                    + " this JVM has %d threads", producers.size(), consumers.size(),
                    options.groups(), (System.nanoTime() - start) / 1e9,
                    Thread.activeCount());
            TimeUnit.SECONDS.sleep(options.holdSeconds());
        } finally {
            consumers.forEach(DefaultMQPushConsumer::shutdown);
            producers.forEach(DefaultMQProducer::shutdown);
        }
    }
}
