package io.hexmq.application.topic;

import io.hexmq.application.broker.LiveBrokerSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.CountingRegistrationMarks;
import io.hexmq.application.topic.SendTopicLookup.Result;
import io.hexmq.application.topic.SendTopicLookup.Status;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SendTopicLookupTest {

    private final TestBroker broker = new TestBroker();

    private Result send(TestBroker target, String topic, int queueId) {
        return target.sendTopicLookup.resolve(new SendTopicLookup.Request(topic, "TBW102", 4, queueId, 0));
    }

    @Test
    void resolvesAnExistingTopic_withoutCreatingOrRegistering() {
        broker.topics.put(TopicConfig.of(new TopicName("Orders"), 2, 2, Permission.READ_WRITE), 0, ignored -> { });
        int registrations = broker.nameServers.registrations().size();

        Result result = send(broker, "Orders", 1);

        assertThat(result.isResolved()).isTrue();
        assertThat(result.created()).isFalse();
        assertThat(broker.nameServers.registrations()).hasSize(registrations);
    }

    @Test
    void autoCreatesAnUnknownTopicFromTbw102_andAnnouncesItAtOnce() {
        Result result = send(broker, "NewTopic", -1);

        assertThat(result.created()).isTrue();
        TopicConfig created = result.topic().orElseThrow();
        assertThat(created.writeQueueNums()).isEqualTo(4);
        assertThat(created.permission()).isEqualTo(Permission.READ_WRITE);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).contains(created);
        assertThat(broker.topicStore.load().orElseThrow().find(created.name())).contains(created);
    }

    @Test
    void storesAnAutoCreatedTopic_andOnlyMarksTheRegistration_withoutWaitingForTheNameServers() {
        CountingRegistrationMarks countingMarks = new CountingRegistrationMarks();
        SendTopicLookup resolve = new SendTopicLookup(broker.topics, broker.saveStagedTopics, countingMarks,
                broker.clock, broker.liveSettings);
        int registrations = broker.nameServers.registrations().size();

        Result result = resolve.resolve(new SendTopicLookup.Request("NewTopic", "TBW102", 4, -1, 0));
        resolve.resolve(new SendTopicLookup.Request("NewTopic", "TBW102", 4, -1, 0));

        assertThat(result.created()).isTrue();
        assertThat(broker.topicStore.load().orElseThrow().contains(new TopicName("NewTopic"))).isTrue();
        assertThat(countingMarks.marks()).isEqualTo(1);
        assertThat(broker.nameServers.registrations()).hasSize(registrations);
    }

    @Test
    void saysTopicNotExist_whenAutoCreateIsOff() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, false, true));

        Result result = send(strict, "NewTopic", -1);

        assertThat(result.status()).isEqualTo(Status.TOPIC_NOT_EXIST);
        assertThat(result.remark()).contains("topic[NewTopic] not exist, apply first please!");
    }

    @Test
    void saysTopicNotExist_whenTheDefaultTopicIsUnknownOrIllegal() {
        Result unknown = broker.sendTopicLookup.resolve(new SendTopicLookup.Request("NewTopic", "Nope", 4, -1, 0));
        Result illegal = broker.sendTopicLookup.resolve(new SendTopicLookup.Request("NewTopic", "no.pe", 4, -1, 0));

        assertThat(unknown.status()).isEqualTo(Status.TOPIC_NOT_EXIST);
        assertThat(illegal.status()).isEqualTo(Status.TOPIC_NOT_EXIST);
        assertThat(illegal.remark()).contains("not a legal topic name");
    }

    @Test
    void createsARetryTopicWithOneQueue_evenWithoutATemplate() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, false, true));

        Result result = send(strict, "%RETRY%CG", 0);

        assertThat(result.created()).isTrue();
        assertThat(result.topic().orElseThrow().writeQueueNums()).isEqualTo(1);
    }

    @Test
    void rejectsIllegalNamesAndForbiddenSystemTopics_asValues() {
        assertThat(send(broker, "bad.name", 0).status()).isEqualTo(Status.INVALID_TOPIC);
        assertThat(send(broker, "t".repeat(128), 0).status()).isEqualTo(Status.INVALID_TOPIC);
        assertThat(send(broker, "SCHEDULE_TOPIC_XXXX", 0).status()).isEqualTo(Status.SEND_FORBIDDEN);
        assertThat(send(broker, "RMQ_SYS_TRANS_HALF_TOPIC", 0).remark()).contains("forbidden");
    }

    @Test
    void rejectsAQueueIdBeyondTheTopicsQueues() {
        broker.topics.put(new TopicConfig(new TopicName("Orders"), 2, 4, Permission.READ_WRITE,
                TopicFilterType.SINGLE_TAG, 0, false, Map.of()), 0, ignored -> { });

        assertThat(send(broker, "Orders", 3).isResolved()).isTrue();
        assertThat(send(broker, "Orders", 4).status()).isEqualTo(Status.INVALID_QUEUE_ID);
    }
}
