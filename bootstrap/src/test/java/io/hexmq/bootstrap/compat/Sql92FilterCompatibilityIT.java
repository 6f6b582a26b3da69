package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.PullCallback;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SQL92 subscriptions of the official consumers, filtered on the broker (enablePropertyFilter=true).
 *
 * <p>The broker runs one pull thread ({@code pullMessageThreadPoolNums=1}): it takes a connection's pulls
 * in the order they arrive, so a test's quick pull that comes back proves that every pull sent before it
 * on the same connection, and every re-read queued before it, has been handled, without sleeping.
 */
class Sql92FilterCompatibilityIT {

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("enablePropertyFilter", "true", "pullMessageThreadPoolNums", "1"))
            .withOfficialClients();

    @Test
    void pushConsumerReceivesOnlyMessagesMatchingItsSqlExpression() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-sql");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "SqlTopic", 2);
        for (int i = 0; i < 10; i++) {
            Message message = new Message("SqlTopic", i % 2 == 0 ? "even" : "odd", ("m" + i).getBytes(StandardCharsets.UTF_8));
            message.putUserProperty("a", Integer.toString(i));
            message.putUserProperty("region", i < 5 ? "eu" : "us");
            producer.send(message);
        }

        Map<String, String> received = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-sql");
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
        DefaultMQProducer producer = hexmq.clients().producer("pg-sql-bad");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "SqlBadTopic", 1);
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-sql-bad");
        consumer.subscribe("SqlBadTopic", MessageSelector.bySql("a >> 5"));
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);

        assertThatThrownBy(consumer::start).isInstanceOf(MQClientException.class)
                .hasStackTraceContaining("a >> 5");
    }

    @Test
    @SuppressWarnings("deprecation")
    void aPullHeldByTheBroker_isAnsweredByTheFirstMatchingMessage_notByTheTrafficBeforeIt() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-sql-held");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "SqlHeldTopic", 1);
        MessageQueue queue = OfficialClients.queue("SqlHeldTopic", hexmq.server().brokerName(), 0);
        MessageSelector wanted = MessageSelector.bySql("a = 'wanted'");
        DefaultMQPullConsumer consumer = hexmq.clients().pullConsumer("cg-sql-held");
        // The client refuses SQL92 pulls until a heartbeat answer told it the broker's version.
        Await.until("a first SQL92 pull", () -> pullsNothingNew(consumer, queue, wanted, 0));

        CompletableFuture<PullResult> held = new CompletableFuture<>();
        consumer.pullBlockIfNotFoundWithMessageSelector(queue, wanted, 0, 32, new PullCallback() {
            @Override
            public void onSuccess(PullResult result) {
                held.complete(result);
            }

            @Override
            public void onException(Throwable e) {
                held.completeExceptionally(e);
            }
        });
        // Answered after the held pull was read (empty queue) and parked.
        assertThat(pullsNothingNew(consumer, queue, wanted, 0)).isTrue();

        producer.send(sqlMessage("SqlHeldTopic", "other", "unwanted"));
        // Had that arrival woken the held pull, its re-read would have been queued before this pull and
        // answered PULL_RETRY_IMMEDIATELY first.
        assertThat(pullsNothingNew(consumer, queue, wanted, 1)).isTrue();
        assertThat(held).isNotDone();

        producer.send(sqlMessage("SqlHeldTopic", "late", "wanted"));

        PullResult result = held.get(15, TimeUnit.SECONDS);
        assertThat(result.getPullStatus()).isEqualTo(PullStatus.FOUND);
        assertThat(result.getMsgFoundList()).extracting(m -> new String(m.getBody(), StandardCharsets.UTF_8))
                .containsExactly("late");
        assertThat(result.getMsgFoundList()).extracting(MessageExt::getQueueOffset).containsExactly(1L);
        assertThat(result.getNextBeginOffset()).isEqualTo(2);
    }

    private static Message sqlMessage(String topic, String body, String a) {
        Message message = new Message(topic, body.getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("a", a);
        return message;
    }

    /** A pull the broker answers at once: true when it found nothing new at {@code offset}. */
    @SuppressWarnings("deprecation")
    private static boolean pullsNothingNew(DefaultMQPullConsumer consumer, MessageQueue queue, MessageSelector selector,
            long offset) {
        try {
            return consumer.pull(queue, selector, offset, 32).getPullStatus() == PullStatus.NO_NEW_MSG;
        } catch (MQClientException notYet) {
            return false;
        } catch (Exception e) {
            throw new AssertionError("pull at " + offset + " failed", e);
        }
    }
}
