package io.hexmq.application.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.ScriptedConsumerClients;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.DirectConsumption;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Admin questions the broker relays to one consumer client: its running info, and consuming one message now. */
class ConsumerRelayTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicTest");
    private static final ClientId ALICE = new ClientId("10.0.0.5@alice");
    private static final ClientId BOB = new ClientId("10.0.0.6@bob");
    private static final ConnectionId ALICE_CONNECTION = new ConnectionId("alice");
    private static final ConnectionId BOB_CONNECTION = new ConnectionId("bob");

    private final TestBroker broker = new TestBroker();
    private final ScriptedConsumerClients clients = new ScriptedConsumerClients();
    private final GetConsumerRunningInfo runningInfo = new GetConsumerRunningInfo(broker.consumers, clients);
    private final ConsumeMessageDirectly consumeDirectly = new ConsumeMessageDirectly(broker.consumers,
            broker.messageStore, clients, broker.settings);

    private void join(ConnectionId connection, ClientId clientId) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(connection, clientId, "JAVA", 401,
                List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(Subscription.all(TOPIC, 1)))),
                Set.of()));
    }

    private OffsetMessageId store(byte[] body) {
        String msgId = broker.messageStore.append(Message.builder(TOPIC.value(), 0, body).build()).msgId();
        return OffsetMessageId.decode(msgId);
    }

    @Test
    void asksTheNamedMemberOverItsOwnConnection_andHandsBackItsAnswer() {
        join(ALICE_CONNECTION, ALICE);
        join(BOB_CONNECTION, BOB);
        clients.answerWith(ClientAnswer.answered(new byte[] {'{', '}'}));

        ClientAnswer answer = runningInfo.ask(new GetConsumerRunningInfo.Command(GROUP, BOB, true)).join();

        assertThat(answer.status()).isEqualTo(ClientAnswer.Status.ANSWERED);
        assertThat(answer.body()).containsExactly('{', '}');
        assertThat(clients.runningInfoCalls()).containsExactly(
                new ScriptedConsumerClients.RunningInfoCall(BOB_CONNECTION, GROUP, BOB, true));
    }

    @Test
    void answersNotOnline_withoutAskingAnyone_whenTheClientIsNoMemberOfTheGroup() {
        join(ALICE_CONNECTION, ALICE);

        ClientAnswer stranger = runningInfo.ask(new GetConsumerRunningInfo.Command(GROUP, BOB, false)).join();
        ClientAnswer noGroup = runningInfo.ask(
                new GetConsumerRunningInfo.Command(new GroupName("Nobody"), ALICE, false)).join();

        assertThat(stranger.status()).isEqualTo(ClientAnswer.Status.NOT_ONLINE);
        assertThat(stranger.remark()).contains(BOB.value(), GROUP.value());
        assertThat(noGroup.status()).isEqualTo(ClientAnswer.Status.NOT_ONLINE);
        assertThat(clients.runningInfoCalls()).isEmpty();
    }

    @Test
    void completesOnlyWhenTheClientAnswers() {
        join(ALICE_CONNECTION, ALICE);
        clients.hold();

        CompletableFuture<ClientAnswer> pending = runningInfo.ask(new GetConsumerRunningInfo.Command(GROUP, ALICE, false));
        assertThat(pending).isNotDone();

        clients.answerPending(ClientAnswer.unanswered(ClientAnswer.Status.TIMED_OUT, "no answer in 10000 ms"));
        assertThat(pending.join().status()).isEqualTo(ClientAnswer.Status.TIMED_OUT);
    }

    @Test
    void relaysTheStoredMessage_whereItsIdPoints_toTheNamedMember() {
        join(ALICE_CONNECTION, ALICE);
        store(new byte[] {1});
        OffsetMessageId second = store(new byte[] {2, 2});
        clients.answerWith(ClientAnswer.answered(new byte[] {7}));

        Optional<ClientAnswer> answer = consumeDirectly.consume(
                new ConsumeMessageDirectly.Command(GROUP, ALICE, second, Optional.of(TOPIC))).join();

        assertThat(answer).hasValueSatisfying(a -> assertThat(a.body()).containsExactly(7));
        assertThat(clients.directCalls()).singleElement().satisfies(call -> {
            assertThat(call.consumer()).isEqualTo(ALICE_CONNECTION);
            DirectConsumption request = call.request();
            assertThat(request.group()).isEqualTo(GROUP);
            assertThat(request.clientId()).isEqualTo(ALICE);
            assertThat(request.msgId()).isEqualTo(second.encode());
            assertThat(request.broker()).isEqualTo(broker.settings.brokerName());
            assertThat(request.topic()).contains(TOPIC);
            ByteBuffer expected = broker.messageStore.lookup(second.commitLogOffset()).orElseThrow();
            assertThat(request.storedMessage()).isEqualTo(expected);
        });
    }

    @Test
    void answersEmpty_whenNothingIsStoredWhereTheIdPoints() {
        join(ALICE_CONNECTION, ALICE);
        OffsetMessageId stored = store(new byte[] {1});
        OffsetMessageId nowhere = new OffsetMessageId(stored.storeHost(), stored.commitLogOffset() + 1_000_000);

        Optional<ClientAnswer> answer = consumeDirectly.consume(
                new ConsumeMessageDirectly.Command(GROUP, ALICE, nowhere, Optional.empty())).join();

        assertThat(answer).isEmpty();
        assertThat(clients.directCalls()).isEmpty();
    }

    @Test
    void answersNotOnline_forAStoredMessage_whenTheClientIsNoMember() {
        OffsetMessageId stored = store(new byte[] {1});

        Optional<ClientAnswer> answer = consumeDirectly.consume(
                new ConsumeMessageDirectly.Command(GROUP, BOB, stored, Optional.empty())).join();

        assertThat(answer).hasValueSatisfying(a -> assertThat(a.status()).isEqualTo(ClientAnswer.Status.NOT_ONLINE));
        assertThat(clients.directCalls()).isEmpty();
    }
}
