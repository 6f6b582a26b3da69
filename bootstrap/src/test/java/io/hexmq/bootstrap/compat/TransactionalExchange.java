package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * One topic between an official TransactionMQProducer and an official push consumer: the producer's
 * local transaction answers what {@link #send} was told for the message, its check-back what
 * {@link #answerChecksOf} was told for the message's body ({@code UNKNOW} until then); every message the
 * broker asks about and every message the consumer is handed are kept in the order they came.
 *
 * <p>Public for the compat-4x module, which runs it with the 4.9.x client: it names only classes and
 * methods both client versions have.
 */
public final class TransactionalExchange {

    private final Map<String, LocalTransactionState> executed = new ConcurrentHashMap<>();
    private final Map<String, LocalTransactionState> checkAnswers = new ConcurrentHashMap<>();
    private final List<MessageExt> checked = new CopyOnWriteArrayList<>();
    private final List<MessageExt> received = new CopyOnWriteArrayList<>();
    private final TransactionMQProducer producer;

    private TransactionalExchange(OfficialClients clients, String broker, String topic, String producerGroup,
                                  String consumerGroup, Consumer<DefaultMQPushConsumer> consumerSettings)
            throws Exception {
        producer = clients.transactionProducer(producerGroup, new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return executed.get(body(message));
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                checked.add(message);
                return checkAnswers.getOrDefault(body(message), LocalTransactionState.UNKNOW);
            }
        });
        clients.createTopic(producer, broker, topic, 1);
        DefaultMQPushConsumer consumer = clients.pushConsumer(consumerGroup);
        consumerSettings.accept(consumer);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
    }

    /**
     * Creates {@code topic} with one queue on {@code broker} and starts the producer of {@code producerGroup}
     * and the consumer of {@code consumerGroup} on it, the consumer adjusted by {@code consumerSettings} first.
     */
    public static TransactionalExchange start(OfficialClients clients, String broker, String topic,
                                              String producerGroup, String consumerGroup,
                                              Consumer<DefaultMQPushConsumer> consumerSettings) throws Exception {
        return new TransactionalExchange(clients, broker, topic, producerGroup, consumerGroup, consumerSettings);
    }

    public static String body(Message message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    /** Sends {@code message} in a transaction whose local part answers {@code local}; the half message is stored. */
    public TransactionSendResult send(Message message, LocalTransactionState local) throws Exception {
        executed.put(body(message), local);
        TransactionSendResult result = producer.sendMessageInTransaction(message, null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(result.getLocalTransactionState()).isEqualTo(local);
        return result;
    }

    /** From now on the check-back answers {@code answer} about the message whose body is {@code body}. */
    public void answerChecksOf(String body, LocalTransactionState answer) {
        checkAnswers.put(body, answer);
    }

    /** What the broker's check-back asked about, so far (a live view). */
    public List<MessageExt> checked() {
        return Collections.unmodifiableList(checked);
    }

    /** What the consumer was handed, so far (a live view). */
    public List<MessageExt> received() {
        return Collections.unmodifiableList(received);
    }

    public List<String> checkedBodies() {
        return checked.stream().map(TransactionalExchange::body).toList();
    }

    public List<String> receivedBodies() {
        return received.stream().map(TransactionalExchange::body).toList();
    }
}
