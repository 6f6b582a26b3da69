package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.MessageBroker.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class SendMessageTest {

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 4);

    private StoredMessage stored(SendMessage.Result result) {
        long offset = OffsetMessageId.decode(result.msgId().split(",")[0]).commitLogOffset();
        return StoredMessage.decode(mb.store.lookup(offset).orElseThrow());
    }

    @Test
    void storesMessage_andAnswersOffsetIdQueueOffsetAndUniqueKey() {
        SendMessage.Result result = joined(mb.sendMessage.send(send(TOPIC, 2, "hello",
                properties("UNIQ_KEY", "ABC", "TAGS", "TagA", "WAIT", "true"))));

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(result.queueId()).isEqualTo(2);
        assertThat(result.queueOffset()).isZero();
        assertThat(result.transactionId()).isEqualTo("ABC");
        StoredMessage stored = stored(result);
        assertThat(stored.topic()).isEqualTo(TOPIC);
        assertThat(new String(stored.body())).isEqualTo("hello");
        assertThat(stored.bornHost()).isEqualTo(MessageBroker.PRODUCER);
        assertThat(stored.storeHost()).isEqualTo(MessageBroker.STORE_HOST);
        assertThat(stored.propertyMap()).containsEntry("CLUSTER", "DefaultCluster").containsEntry("TAGS", "TagA")
                .containsEntry("UNIQ_KEY", "ABC").containsEntry("MSG_REGION", "DefaultRegion")
                .containsEntry("TRACE_ON", "true");
        assertThat(joined(mb.sendMessage.send(send(TOPIC, 2, "again", ""))).queueOffset()).isEqualTo(1);
    }

    @Test
    void storesAndAnswersAFirstSendToANewTopic_onlyOnceTheTopicIsSaved() {
        mb.broker.deferTopicSaves();

        CompletableFuture<SendMessage.Result> sent = mb.sendMessage.send(send("BrandNew", 0, "first", ""))
                .toCompletableFuture();

        assertThat(sent).isNotDone();
        assertThat(mb.store.maxOffset("BrandNew", 0)).isZero();
        mb.broker.saveStagedTopics.saveDue();
        assertThat(sent).isCompleted();
        assertThat(sent.join().status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(mb.store.maxOffset("BrandNew", 0)).isEqualTo(1);
        assertThat(mb.broker.topicStore.load().orElseThrow().contains(new TopicName("BrandNew"))).isTrue();
    }

    @Test
    void failsAFirstSendToANewTopic_withoutStoringIt_whenTheTopicsSaveFails() {
        mb.broker.deferTopicSaves();
        CompletableFuture<SendMessage.Result> sent = mb.sendMessage.send(send("BrandNew", 0, "first", ""))
                .toCompletableFuture();
        mb.broker.topicStore.failNextSave();

        assertThatThrownBy(mb.broker.saveStagedTopics::saveDue).isInstanceOf(TopicConfigStorageException.class);

        assertThat(sent).isCompletedExceptionally();
        assertThat(mb.store.maxOffset("BrandNew", 0)).isZero();
        assertThat(mb.broker.topics.find(new TopicName("BrandNew"))).isEmpty();
    }

    @Test
    void generatesUniqueKey_whenMissing_andDropsPopCk() {
        SendMessage.Result result = joined(mb.sendMessage.send(send(TOPIC, 0, "x",
                properties("POP_CK", "ck", "CLUSTER", "Other", "MSG_REGION", "Elsewhere"))));

        Map<String, String> properties = stored(result).propertyMap();
        assertThat(properties).doesNotContainKey("POP_CK").containsEntry("CLUSTER", "DefaultCluster")
                .containsEntry("MSG_REGION", "DefaultRegion").containsEntry("TRACE_ON", "true");
        assertThat(properties.get("UNIQ_KEY")).hasSize(32).isEqualTo(result.transactionId());
    }

    @Test
    void picksAWriteQueue_whenQueueIdIsNegative() {
        for (int i = 0; i < 20; i++) {
            assertThat(joined(mb.sendMessage.send(send(TOPIC, -1, "x", ""))).queueId()).isBetween(0, 3);
        }
    }

    @Test
    void autoCreatesUnknownTopic_fromTbw102_withTheRequestedQueues() {
        SendMessage.Result result = joined(mb.sendMessage.send(send("NewTopic", 3, "x", "")));

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        TopicConfig created = mb.broker.topics.find(new TopicName("NewTopic")).orElseThrow();
        assertThat(created.writeQueueNums()).isEqualTo(4);
        assertThat(mb.broker.nameServers.registrations()).isNotEmpty();
    }

    @Test
    void rejectsSend_withTheCodesOfTheSendTable() {
        MessageBroker noAutoCreate = new MessageBroker(s -> TestBroker.withAutoCreate(s, false, true),
                MessageSettings.defaults());
        assertThat(joined(mb.sendMessage.send(send("bad topic", 0, "x", ""))).status())
                .isEqualTo(SendMessage.Status.INVALID_PARAMETER);
        assertThat(joined(mb.sendMessage.send(send("SCHEDULE_TOPIC_XXXX", 0, "x", ""))).status())
                .isEqualTo(SendMessage.Status.NO_PERMISSION);
        assertThat(joined(mb.sendMessage.send(send(TOPIC, 4, "x", ""))).status())
                .isEqualTo(SendMessage.Status.INVALID_PARAMETER);
        assertThat(joined(noAutoCreate.sendMessage.send(send("Unknown", 0, "x", ""))).status())
                .isEqualTo(SendMessage.Status.TOPIC_NOT_EXIST);
        SendMessage.Result tooManyProperties = joined(mb.sendMessage.send(send(TOPIC, 0, "x",
                properties("KEYS", "k".repeat(32_768)))));
        assertThat(tooManyProperties.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(tooManyProperties.remark()).contains("properties");
    }

    @Test
    void rejectsSend_whenBodyExceedsMaxSize() {
        MessageBroker small = new MessageBroker(s -> s, new MessageSettings(10, true, 1000)).withTopic(TOPIC, 1);

        SendMessage.Result result = joined(small.sendMessage.send(send(TOPIC, 0, "x".repeat(11), "")));

        assertThat(result.status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
        assertThat(result.remark()).contains("maxMessageSize 10");
    }

    @Test
    void marksMultiTags_forAMultiTagTopic_andParksPreparedMessagesAsHalfMessages() {
        mb.broker.topics.put(new TopicConfig(new TopicName("Multi"), 1, 1, Permission.READ_WRITE,
                TopicFilterType.MULTI_TAG, 0, false, Map.of()), 0, mb.broker.topicStore::save);
        SendMessage.Command prepared = new SendMessage.Command("PG", "Multi", "TBW102", 4, 0,
                MessageSysFlag.TRANSACTION_PREPARED_TYPE, 1L, 0, properties("TRAN_MSG", "true"), 0, false,
                OptionalInt.empty(), MessageBroker.PRODUCER, new byte[1], false, List.of());

        SendMessage.Result result = joined(mb.sendMessage.send(prepared));

        int sysFlag = stored(result).sysFlag();
        assertThat(sysFlag & MessageSysFlag.MULTI_TAGS).isNotZero();
        assertThat(MessageSysFlag.transactionType(sysFlag)).isZero();
        assertThat(stored(result).topic()).isEqualTo("RMQ_SYS_TRANS_HALF_TOPIC");
        assertThat(stored(result).propertyMap()).containsEntry("REAL_TOPIC", "Multi").containsEntry("REAL_QID", "0");
        assertThat(mb.store.maxOffset("Multi", 0)).isZero();
    }

    @Test
    void movesRetryMessage_toTheDeadLetterQueue_afterItsLastRetry() {
        SendMessage.Command retry = new SendMessage.Command("PG", "%RETRY%CG", "TBW102", 4, 0, 0, 1L, 0,
                properties("UNIQ_KEY", "U1"), 17, false, OptionalInt.empty(), MessageBroker.PRODUCER,
                new byte[1], false, List.of());

        SendMessage.Result result = joined(mb.sendMessage.send(retry));

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        StoredMessage stored = stored(result);
        assertThat(stored.topic()).isEqualTo("%DLQ%CG");
        assertThat(stored.queueId()).isZero();
        assertThat(stored.propertyMap()).containsEntry("DELAY", "-1");
        assertThat(mb.broker.topics.find(new TopicName("%DLQ%CG"))).isPresent();
        assertThat(mb.broker.deadLettered()).as("no RETRY_TOPIC property: the retry topic").containsOnly(
                Map.entry("CG@%RETRY%CG", 1L));
    }

    @Test
    void keepsRetryMessage_inTheRetryTopic_whileRetriesRemain_unlessTheGroupConsumesOrderly() {
        SendMessage.Command retry = new SendMessage.Command("PG", "%RETRY%CG", "TBW102", 4, 0, 0, 1L, 0, "", 3, false,
                OptionalInt.of(5), MessageBroker.PRODUCER, new byte[1], false, List.of());
        assertThat(stored(joined(mb.sendMessage.send(retry))).topic()).isEqualTo("%RETRY%CG");

        mb.broker.locks.tryLock(new GroupName("CG"), new ClientId("c"), List.of(new MessageQueue(new TopicName(TOPIC), new BrokerName("broker-a"), 0)),
                mb.broker.clock.millis());
        assertThat(stored(joined(mb.sendMessage.send(retry))).topic()).isEqualTo("%DLQ%CG");
    }

    @Test
    void refusesRetrySend_forAGroupWithoutConfig_whenGroupsAreNotAutoCreated() {
        MessageBroker strict = new MessageBroker(s -> TestBroker.withAutoCreate(s, true, false),
                MessageSettings.defaults());

        SendMessage.Result result = joined(strict.sendMessage.send(send("%RETRY%Nobody", 0, "x", "")));

        assertThat(result.status()).isEqualTo(SendMessage.Status.SUBSCRIPTION_GROUP_NOT_EXIST);
    }

    @Test
    void storesBatch_asSeparateMessages_withAllIdsJoined() {
        SendMessage.Command batch = new SendMessage.Command("PG", TOPIC, "TBW102", 4, 1, 0, 1L, 0,
                properties("WAIT", "true", "UNIQ_KEY", "BATCH"), 0, false, OptionalInt.empty(), MessageBroker.PRODUCER,
                new byte[0], true, List.of(
                        new SendMessage.BatchEntry(0, "a".getBytes(), properties("UNIQ_KEY", "A", "TAGS", "x")),
                        new SendMessage.BatchEntry(0, "b".getBytes(), properties("UNIQ_KEY", "B"))));

        SendMessage.Result result = joined(mb.sendMessage.send(batch));

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(result.msgId().split(",")).hasSize(2);
        assertThat(result.queueOffset()).isZero();
        assertThat(result.transactionId()).isEqualTo("BATCH");
        assertThat(mb.store.maxOffset(TOPIC, 1)).isEqualTo(2);
        StoredMessage second = StoredMessage.decode(mb.store.lookup(
                OffsetMessageId.decode(result.msgId().split(",")[1]).commitLogOffset()).orElseThrow());
        assertThat(second.propertyMap()).containsEntry("UNIQ_KEY", "B").containsEntry("CLUSTER", "DefaultCluster");
        assertThat(mb.statistics.snapshot().putTotal()).isEqualTo(2);
    }

    @Test
    void storesTheMessagesOfABatchAtOnce_whateverTimerOrDelayTheyCarry_asRocketMqDoes() {
        long later = TestBroker.START + 60_000;
        SendMessage.Command batch = new SendMessage.Command("PG", TOPIC, "TBW102", 4, 2, 0, 1L, 0,
                properties("WAIT", "true", "UNIQ_KEY", "BATCH"), 0, false, OptionalInt.empty(), MessageBroker.PRODUCER,
                new byte[0], true, List.of(
                        new SendMessage.BatchEntry(0, "at".getBytes(), properties("TIMER_DELIVER_MS",
                                Long.toString(later))),
                        new SendMessage.BatchEntry(0, "sec".getBytes(), properties("TIMER_DELAY_SEC", "30")),
                        new SendMessage.BatchEntry(0, "ms".getBytes(), properties("TIMER_DELAY_MS", "30000")),
                        new SendMessage.BatchEntry(0, "level".getBytes(), properties("DELAY", "3"))));

        SendMessage.Result result = joined(mb.sendMessage.send(batch));

        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        assertThat(mb.store.maxOffset(TOPIC, 2)).isEqualTo(4);
        assertThat(mb.store.maxOffset("rmq_sys_wheel_timer", 0)).isZero();
        assertThat(mb.store.maxOffset("SCHEDULE_TOPIC_XXXX", 2)).isZero();
        assertThat(stored(result).propertyMap()).containsEntry("TIMER_DELIVER_MS", Long.toString(later));
    }

    @Test
    void refusesBatch_toARetryTopic() {
        SendMessage.Command batch = new SendMessage.Command("PG", "%RETRY%CG", "TBW102", 4, 0, 0, 1L, 0, "", 0, false,
                OptionalInt.empty(), MessageBroker.PRODUCER, new byte[0], true,
                List.of(new SendMessage.BatchEntry(0, new byte[1], "")));

        assertThat(joined(mb.sendMessage.send(batch)).status()).isEqualTo(SendMessage.Status.MESSAGE_ILLEGAL);
    }

    @Test
    void answersServiceNotAvailable_whenTheStoreIsStopped() {
        mb.store.shutdown();

        SendMessage.Result result = joined(mb.sendMessage.send(send(TOPIC, 0, "x", "")));

        assertThat(result.status()).isEqualTo(SendMessage.Status.SERVICE_NOT_AVAILABLE);
        assertThat(result.status().isStored()).isFalse();
        assertThat(mb.statistics.snapshot().putTotal()).isZero();
        assertThat(mb.statistics.snapshot().putFailedTotal()).as("brokerStatus putMessageFailedTimes").isEqualTo(1);
        mb.statistics.sample();
        assertThat(mb.getBrokerRuntimeInfo.get(new GetBrokerRuntimeInfo.Query()).get("putMessageDistributeTime"))
                .as("a refused append is timed too, as on RocketMQ").startsWith("[<=0ms]:1 ");
    }

    @Test
    void generatesDistinctUniqueKeys() {
        String first = mb.uniqueKeys.next();
        String second = mb.uniqueKeys.next();
        assertThat(first).hasSize(32).isNotEqualTo(second).startsWith("0A000001");
        assertThat(MessageProperties.get(properties("UNIQ_KEY", first), "UNIQ_KEY")).isEqualTo(first);
    }
}
