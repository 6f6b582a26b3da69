package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQL92 subscriptions of the official push consumer, filtered on the broker (enablePropertyFilter=true). */
class Sql92FilterCompatibilityIT {

    @TempDir
    Path dataDir;

    private RunningStandalone hexmq;
    private OfficialClients clients;

    @BeforeEach
    void start() throws Exception {
        hexmq = RunningStandalone.start(dataDir, "file", Map.of("enablePropertyFilter", "true"));
        clients = new OfficialClients(hexmq.nameServer());
    }

    @AfterEach
    void stop() {
        clients.close();
        hexmq.close();
    }

    @Test
    void pushConsumerReceivesOnlyMessagesMatchingItsSqlExpression() throws Exception {
        DefaultMQProducer producer = clients.producer("pg-sql");
        clients.createTopic(producer, hexmq.broker(), "SqlTopic", 2);
        for (int i = 0; i < 10; i++) {
            Message message = new Message("SqlTopic", i % 2 == 0 ? "even" : "odd", ("m" + i).getBytes(StandardCharsets.UTF_8));
            message.putUserProperty("a", Integer.toString(i));
            message.putUserProperty("region", i < 5 ? "eu" : "us");
            producer.send(message);
        }

        Map<String, String> received = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = clients.pushConsumer("cg-sql");
        consumer.subscribe("SqlTopic", MessageSelector.bySql("a > 3 AND region IN ('us') AND TAGS = 'odd'"));
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> received.put(new String(m.getBody(), StandardCharsets.UTF_8), m.getUserProperty("a")));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();

        Await.until("the matching messages", () -> received.size() == 3);
        assertThat(received.keySet()).containsExactlyInAnyOrder("m5", "m7", "m9");
    }

    @Test
    void aBadExpressionIsRefusedWhenTheConsumerStarts() throws Exception {
        DefaultMQProducer producer = clients.producer("pg-sql-bad");
        clients.createTopic(producer, hexmq.broker(), "SqlBadTopic", 1);
        DefaultMQPushConsumer consumer = clients.pushConsumer("cg-sql-bad");
        consumer.subscribe("SqlBadTopic", MessageSelector.bySql("a >> 5"));
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThatThrownBy(consumer::start).isInstanceOf(MQClientException.class)
                .hasStackTraceContaining("a >> 5");
    }
}
