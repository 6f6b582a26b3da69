package io.hexmq.application.pop;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.fakes.InMemoryRequestModeStore;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueryAssignmentTest {

    private static final String TOPIC = "AssignedTopic";
    private static final String GROUP = "cg-assigned";

    private final TestBroker broker = new TestBroker();
    private final RequestModes modes = new RequestModes();
    private final QueryAssignment pullByDefault = new QueryAssignment(broker.topics, broker.consumers, modes,
            PopSettings.defaults(), broker.settings);
    private final InMemoryRequestModeStore modeStore = new InMemoryRequestModeStore();
    private final SetMessageRequestMode setMode = new SetMessageRequestMode(broker.topics,
            broker.subscriptionGroupLookup, modes, modeStore);

    QueryAssignmentTest() {
        broker.topics.put(TopicConfig.of(new TopicName(TOPIC), 4, 4, Permission.READ_WRITE), TestBroker.START,
                broker.topicStore::save);
        join("10.0.0.1@1");
        join("10.0.0.2@1");
    }

    @Test
    void sharesTheQueuesByTheClientsStrategy_inPullMode_byDefault() {
        assertThat(queueIds("10.0.0.1@1", "AVG")).containsExactly(0, 1);
        assertThat(queueIds("10.0.0.2@1", "AVG")).containsExactly(2, 3);
        assertThat(queueIds("10.0.0.2@1", "AVG_BY_CIRCLE")).containsExactly(1, 3);
        assertThat(assigned("10.0.0.1@1", "AVG")).extracting(QueryAssignment.Assignment::mode)
                .containsOnly(MessageRequestMode.PULL);
    }

    @Test
    void givesEveryPopClientEveryQueueAtOnce_onceTheGroupIsSetToPop() {
        assertThat(setMode.set(new SetMessageRequestMode.Command(TOPIC, GROUP, MessageRequestMode.POP, 0)).status())
                .isEqualTo(SetMessageRequestMode.Status.OK);

        assertThat(assigned("10.0.0.2@1", "AVG")).containsExactly(new QueryAssignment.Assignment(new TopicName(TOPIC),
                broker.settings.brokerName(), -1, MessageRequestMode.POP));
        RequestModes restarted = new RequestModes();
        restarted.restore(modeStore.load());
        assertThat(restarted.find(new TopicGroup(new TopicName(TOPIC), new GroupName(GROUP))))
                .as("saved").contains(new RequestModes.Setting(MessageRequestMode.POP, 0));
    }

    @Test
    void hasNoAnswer_forAnUnknownStrategyOrTopic_andNothingForAClientNotInTheGroup() {
        assertThat(pullByDefault.query(command(TOPIC, "10.0.0.1@1", "CONSISTENT_HASH"))).isEmpty();
        assertThat(pullByDefault.query(command("NoSuchTopic", "10.0.0.1@1", "AVG"))).isEmpty();
        assertThat(pullByDefault.query(command(TOPIC, "10.0.0.9@1", "AVG"))).contains(Set.of());
    }

    @Test
    void refusesToSetTheModeOfARetryTopic_orOfAnUnknownTopic() {
        assertThat(setMode.set(new SetMessageRequestMode.Command("%RETRY%" + GROUP, GROUP, MessageRequestMode.POP, 0))
                .status()).isEqualTo(SetMessageRequestMode.Status.NO_PERMISSION);
        assertThat(setMode.set(new SetMessageRequestMode.Command("NoSuchTopic", GROUP, MessageRequestMode.POP, 0))
                .status()).isEqualTo(SetMessageRequestMode.Status.TOPIC_NOT_EXIST);
    }

    private List<Integer> queueIds(String clientId, String strategy) {
        return assigned(clientId, strategy).stream().map(QueryAssignment.Assignment::queueId).sorted().toList();
    }

    private Set<QueryAssignment.Assignment> assigned(String clientId, String strategy) {
        return pullByDefault.query(command(TOPIC, clientId, strategy)).orElseThrow();
    }

    private static QueryAssignment.Command command(String topic, String clientId, String strategy) {
        return new QueryAssignment.Command(topic, GROUP, clientId, strategy, MessageModel.CLUSTERING);
    }

    private void join(String clientId) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("conn-" + clientId),
                new ClientId(clientId), "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(new GroupName(GROUP),
                        ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(new TopicName(TOPIC), 1)))), Set.of()));
    }
}
