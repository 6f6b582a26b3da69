package io.hexmq.application.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.broker.NameServerRegistrar;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.broker.TrafficStats;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.InvalidTopicNameException;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopicConflictException;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** LoadTopicTable, CreateOrUpdateTopic, DeleteTopic, GetAllTopicConfigs, GroupTopics. */
class TopicUseCasesTest {

    private static final TopicName ORDERS = new TopicName("Orders");
    private static final TopicName KEPT = new TopicName("Kept");
    private static final GroupName GROUP = new GroupName("CG");

    private final TestBroker broker = new TestBroker();

    /** The admin's answer: the registration it waits for has ended at once here ({@link TestBroker}). */
    private CreateOrUpdateTopic.Result createOrUpdate(CreateOrUpdateTopic.Command command) {
        return broker.createOrUpdateTopic.createOrUpdate(command).toCompletableFuture().join();
    }

    private boolean delete(DeleteTopic.Command command) {
        return broker.deleteTopic.delete(command).toCompletableFuture().join();
    }

    private static CreateOrUpdateTopic.Command topic(TopicName name, int queues) {
        return new CreateOrUpdateTopic.Command(TopicConfig.of(name, queues, queues, Permission.READ_WRITE));
    }

    @Test
    void startsWithTheBuiltInTopics_andSavesThemAtOnce() {
        assertThat(broker.topics.find(SystemTopics.AUTO_CREATE_TOPIC)).isPresent();
        assertThat(broker.topics.find(new TopicName("DefaultCluster_REPLY_TOPIC"))).isPresent();
        assertThat(broker.topicStore.load()).contains(broker.topics.snapshot());
    }

    @Test
    void hostsTheTraceTopic_whenTraceTopicEnable_evenWithAutoCreateOff() {
        TestBroker strict = new TestBroker(settings -> TestBroker.withAutoCreate(settings, false, false));
        TraceSettings trace = new TraceSettings("DefaultRegion", true, true, new TopicName("MyTrace"));

        TopicTable topics = new LoadTopicTable(strict.topicStore, strict.clock, strict.settings, trace).load();

        assertThat(topics.find(new TopicName("MyTrace"))).hasValueSatisfying(config -> {
            assertThat(config.readQueueNums()).isEqualTo(1);
            assertThat(config.writeQueueNums()).isEqualTo(1);
            assertThat(config.permission()).isEqualTo(Permission.READ_WRITE);
        });
        assertThat(broker.topics.find(SystemTopics.TRACE_TOPIC)).as("off by default").isEmpty();
    }

    @Test
    void restartsWithWhatWasSaved_withoutAChangeOfVersion() {
        createOrUpdate(topic(ORDERS, 4));
        DataVersion saved = broker.topics.snapshot().dataVersion();

        TopicTable reloaded = new LoadTopicTable(broker.topicStore, broker.clock, broker.settings, broker.trace).load();

        assertThat(reloaded.find(ORDERS)).isPresent();
        assertThat(reloaded.snapshot().dataVersion()).isEqualTo(saved);
    }

    @Test
    void createsATopic_savesIt_andReRegistersWithTheNameServers() {
        int registrations = broker.nameServers.registrations().size();

        assertThat(createOrUpdate(topic(ORDERS, 4))).isEqualTo(CreateOrUpdateTopic.Result.CREATED);

        assertThat(broker.topicStore.load().orElseThrow().find(ORDERS)).isPresent();
        assertThat(broker.nameServers.registrations()).hasSize(registrations + 1);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name).contains(ORDERS);
        assertThat(broker.nameServers.lastRegistration().dataVersion()).isEqualTo(broker.topics.snapshot().dataVersion());
    }

    @Test
    void answersTheAdmin_onlyOnceARegistrationThatCarriesTheNewTopicHasEnded() {
        NameServerRegistrar registrar = registrar();
        CreateOrUpdateTopic create = new CreateOrUpdateTopic(broker.topics, broker.topicStore, registrar, broker.clock,
                broker.settings);

        CompletableFuture<CreateOrUpdateTopic.Result> answer = create.createOrUpdate(topic(ORDERS, 4))
                .toCompletableFuture();

        assertThat(answer).isNotDone();
        assertThat(broker.topicStore.load().orElseThrow().find(ORDERS)).isPresent();
        registrar.runDue();
        assertThat(answer).isCompletedWithValue(CreateOrUpdateTopic.Result.CREATED);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name).contains(ORDERS);
        assertThat(create.createOrUpdate(topic(ORDERS, 4)).toCompletableFuture())
                .as("nothing changed, nothing to wait for").isCompletedWithValue(CreateOrUpdateTopic.Result.UNCHANGED);
    }

    @Test
    void answersADeletion_onlyOnceARegistrationWithoutTheTopicHasEnded() {
        createOrUpdate(topic(ORDERS, 4));
        NameServerRegistrar registrar = registrar();
        DeleteTopic deleteTopic = new DeleteTopic(broker.topics, broker.topicStore, broker.offsets,
                broker.messageStore, registrar, broker.clock, broker.settings, broker.statistics);

        CompletableFuture<Boolean> answer = deleteTopic.delete(new DeleteTopic.Command(ORDERS)).toCompletableFuture();

        assertThat(answer).isNotDone();
        assertThat(broker.topics.find(ORDERS)).isEmpty();
        registrar.runDue();
        assertThat(answer).isCompletedWithValue(true);
        assertThat(broker.nameServers.lastRegistration().topicConfigs()).extracting(TopicConfig::name)
                .doesNotContain(ORDERS);
        assertThat(deleteTopic.delete(new DeleteTopic.Command(ORDERS)).toCompletableFuture())
                .as("not hosted, nothing to wait for").isCompletedWithValue(false);
    }

    private NameServerRegistrar registrar() {
        return new NameServerRegistrar(broker.registerBroker, broker.clock, Duration.ofSeconds(30),
                Duration.ofMillis(100));
    }

    @Test
    void createsAListOfTopics_withOneSaveAndOneRegistration() {
        int saves = broker.topicStore.saveCount();
        int registrations = broker.nameServers.registrations().size();
        List<CreateOrUpdateTopic.Command> commands = IntStream.range(0, 50)
                .mapToObj(i -> topic(new TopicName("Listed_" + i), 8)).toList();

        List<TopicName> changed = broker.createOrUpdateTopic.createOrUpdateAll(commands).toCompletableFuture().join();

        assertThat(changed).hasSize(50);
        assertThat(broker.topicStore.saveCount()).isEqualTo(saves + 1);
        assertThat(broker.nameServers.registrations()).hasSize(registrations + 1);
        assertThat(broker.topicStore.load().orElseThrow().find(new TopicName("Listed_49"))).isPresent();
    }

    @Test
    void updatesATopic_butDoesNothingWhenTheConfigIsTheSame() {
        createOrUpdate(topic(ORDERS, 4));
        int registrations = broker.nameServers.registrations().size();

        assertThat(createOrUpdate(topic(ORDERS, 4))).isEqualTo(CreateOrUpdateTopic.Result.UNCHANGED);
        assertThat(broker.nameServers.registrations()).hasSize(registrations);
        assertThat(createOrUpdate(topic(ORDERS, 8))).isEqualTo(CreateOrUpdateTopic.Result.UPDATED);
        assertThat(broker.getAllTopicConfigs.get().find(ORDERS).orElseThrow().writeQueueNums()).isEqualTo(8);
    }

    @Test
    void refusesSystemTopics_includingTheBrokersOwnNames() {
        for (String name : new String[] {"TBW102", "SCHEDULE_TOPIC_XXXX", "DefaultCluster", "broker-a", "rmq_sys_x"}) {
            assertThatThrownBy(() -> createOrUpdate(topic(new TopicName(name), 4)))
                    .as(name).isInstanceOf(SystemTopicConflictException.class).hasMessageContaining(name);
        }
    }

    @Test
    void refusesIllegalNamesBeforeTheCommandExists() {
        assertThatThrownBy(() -> topic(new TopicName("bad.name"), 4)).isInstanceOf(InvalidTopicNameException.class);
        assertThatThrownBy(() -> topic(new TopicName("t".repeat(128)), 4)).isInstanceOf(InvalidTopicNameException.class);
    }

    @Test
    void leavesEverythingAsItWas_whenSavingFails() {
        broker.topicStore.failNextSave();
        int registrations = broker.nameServers.registrations().size();

        assertThatThrownBy(() -> createOrUpdate(topic(ORDERS, 4)))
                .isInstanceOf(TopicConfigStorageException.class);

        assertThat(broker.topics.find(ORDERS)).isEmpty();
        assertThat(broker.nameServers.registrations()).hasSize(registrations);
    }

    @Test
    void deletesATopic_withItsConsumerOffsets_andReRegisters() {
        createOrUpdate(topic(ORDERS, 4));
        broker.offsets.commit(new TopicGroup(ORDERS, GROUP), 0, 10);
        int registrations = broker.nameServers.registrations().size();

        assertThat(delete(new DeleteTopic.Command(ORDERS))).isTrue();

        assertThat(broker.topics.find(ORDERS)).isEmpty();
        assertThat(broker.offsets.find(new TopicGroup(ORDERS, GROUP), 0)).isEmpty();
        assertThat(broker.nameServers.registrations()).hasSize(registrations + 1);
        assertThat(delete(new DeleteTopic.Command(ORDERS))).isFalse();
    }

    @Test
    void deletesATopicsStoredMessages_soARecreatedTopicStartsAtOffsetZero() {
        createOrUpdate(topic(ORDERS, 4));
        broker.messageStore.append(message(ORDERS, 0, "old-0"));
        broker.messageStore.append(message(ORDERS, 0, "old-1"));
        broker.messageStore.append(message(KEPT, 0, "kept"));

        delete(new DeleteTopic.Command(ORDERS));

        assertThat(broker.messageStore.maxOffset(ORDERS.value(), 0)).isZero();
        assertThat(broker.messageStore.read(ORDERS.value(), 0, 0, 32, MessageFilter.ALL).messages()).isEmpty();
        assertThat(broker.messageStore.maxOffset(KEPT.value(), 0)).isEqualTo(1);
        createOrUpdate(topic(ORDERS, 4));
        assertThat(broker.messageStore.append(message(ORDERS, 0, "new-0")).queueOffset()).isZero();
    }

    @Test
    void forgetsADeletedTopicsTrafficFigures_andThoseOfTheGroupsThatConsumedIt_keepingTheOthers() {
        createOrUpdate(topic(ORDERS, 4));
        broker.statistics.recordPut(ORDERS.value(), 3, 300);
        broker.statistics.recordPut(KEPT.value(), 1, 100);
        broker.statistics.recordGet(new TopicGroup(ORDERS, GROUP), 2, 200);

        delete(new DeleteTopic.Command(ORDERS));

        TrafficStats traffic = broker.statistics.traffic();
        assertThat(traffic.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, ORDERS.value())).isEmpty();
        assertThat(traffic.figures(TrafficStats.Stat.GROUP_GET_NUMS, ORDERS.value() + "@" + GROUP.value())).isEmpty();
        assertThat(traffic.figures(TrafficStats.Stat.TOPIC_PUT_NUMS, KEPT.value())).isPresent();
    }

    @Test
    void deletesStoredMessages_evenWhenTheTopicHadNoConfigLeft() {
        broker.messageStore.append(message(ORDERS, 1, "orphan"));

        assertThat(delete(new DeleteTopic.Command(ORDERS))).isFalse();

        assertThat(broker.messageStore.maxOffset(ORDERS.value(), 1)).isZero();
    }

    private static Message message(TopicName topic, int queueId, String body) {
        return Message.builder(topic.value(), queueId, body.getBytes(StandardCharsets.UTF_8)).build();
    }

    @Test
    void refusesToDeleteASystemTopic() {
        assertThatThrownBy(() -> delete(new DeleteTopic.Command(SystemTopics.SCHEDULE_TOPIC)))
                .isInstanceOf(SystemTopicConflictException.class);
    }

    @Test
    void createsAGroupsRetryTopicOnce_withTheGroupsQueueCount() {
        int registrations = broker.nameServers.registrations().size();

        TopicConfig retry = broker.groupTopics.retryTopic(GROUP, 2);
        broker.groupTopics.retryTopic(GROUP, 5);

        assertThat(retry.name().value()).isEqualTo("%RETRY%CG");
        assertThat(retry.writeQueueNums()).isEqualTo(2);
        assertThat(retry.permission()).isEqualTo(Permission.READ_WRITE);
        assertThat(broker.topics.find(retry.name())).contains(retry);
        assertThat(broker.nameServers.registrations()).hasSize(registrations + 1);
    }

    @Test
    void createsAGroupsDeadLetterTopicWithOneQueue() {
        TopicConfig dlq = broker.groupTopics.dlqTopic(GROUP);

        assertThat(dlq.name().value()).isEqualTo("%DLQ%CG");
        assertThat(dlq.writeQueueNums()).isEqualTo(1);
        assertThat(dlq.permission()).isEqualTo(Permission.READ_WRITE);
    }

    @Test
    void createsAGroupsDeadLetterTopicOnce_savedAndAnnounced() {
        int registrations = broker.nameServers.registrations().size();

        TopicConfig dlq = broker.groupTopics.dlqTopic(GROUP);
        TopicConfig again = broker.groupTopics.dlqTopic(GROUP);

        assertThat(again).isEqualTo(dlq);
        assertThat(broker.topicStore.load().orElseThrow().find(dlq.name())).contains(dlq);
        assertThat(broker.nameServers.registrations()).hasSize(registrations + 1);
    }
}
