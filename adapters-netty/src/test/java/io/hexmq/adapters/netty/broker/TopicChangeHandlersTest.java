package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.NameServerRegistrar;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * UPDATE_AND_CREATE_TOPIC and DELETE_TOPIC_IN_BROKER answer once the NameServers were asked, as
 * RocketMQ's admin topic changes do, with the broker's real registrar: the handler's thread is given
 * back at once (the dispatcher runs it on the calling thread here, and the call returns unanswered), and
 * the registrar's round ends the wait.
 */
class TopicChangeHandlersTest {

    private static final String TOPIC = "OrdersTopic";

    private final TestBroker broker = new TestBroker();
    private final NameServerRegistrar registrar = new NameServerRegistrar(broker.registerBroker, broker.clock,
            Duration.ofSeconds(30), Duration.ofMillis(100));
    private final TestPeer admin = new TestPeer("conn-admin", 41_000);
    private final RequestDispatcher dispatcher = RequestDispatcher.builder()
            .responseCodes(BrokerResponseCodes.create())
            .register(RequestCode.UPDATE_AND_CREATE_TOPIC, new UpdateAndCreateTopicHandler(new CreateOrUpdateTopic(
                    broker.topics, broker.topicStore, registrar, broker.clock, broker.settings)), Runnable::run)
            .register(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicInBrokerHandler(new DeleteTopic(broker.topics,
                    broker.topicStore, broker.offsets, broker.messageStore, registrar, broker.clock,
                    broker.settings, broker.statistics)), Runnable::run)
            .build();

    private CompletableFuture<RemotingCommand> createTopic(String topic) {
        return dispatcher.dispatch(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC).extField("topic", topic)
                .extField("readQueueNums", 2).extField("writeQueueNums", 2).extField("perm", 6).build(),
                new RequestContext(admin));
    }

    private boolean lastRegistrationRoutes(String topic) {
        return broker.nameServers.lastRegistration().topicConfigs().stream().map(TopicConfig::name)
                .anyMatch(new TopicName(topic)::equals);
    }

    @Test
    void answersATopicCreation_onlyOnceTheRegistrationThatCarriesItHasEnded() {
        CompletableFuture<RemotingCommand> answer = createTopic(TOPIC);

        assertThat(answer).as("the handler returned without waiting").isNotDone();
        assertThat(broker.topics.find(new TopicName(TOPIC))).isPresent();
        registrar.runDue();

        assertThat(answer).isCompleted();
        assertThat(answer.join().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(lastRegistrationRoutes(TOPIC)).isTrue();
    }

    @Test
    void answersATopicCreation_evenWhenTheNameServersGiveNoAnswer() {
        broker.nameServers.goSilent("127.0.0.1:9876", "no answer within 3000 ms");
        CompletableFuture<RemotingCommand> answer = createTopic(TOPIC);

        registrar.runDue();

        assertThat(answer.join().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.topics.find(new TopicName(TOPIC))).isPresent();
    }

    @Test
    void answersATopicDeletion_onlyOnceARegistrationWithoutTheTopicHasEnded() {
        createTopic(TOPIC);
        registrar.runDue();

        CompletableFuture<RemotingCommand> answer = dispatcher.dispatch(
                RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_BROKER).extField("topic", TOPIC).build(),
                new RequestContext(admin));

        assertThat(answer).isNotDone();
        registrar.runDue();
        assertThat(answer.join().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(lastRegistrationRoutes(TOPIC)).isFalse();
    }

    @Test
    void answersAPendingChange_whenTheBrokerStops() {
        CompletableFuture<RemotingCommand> answer = createTopic(TOPIC);

        registrar.stop();

        assertThat(answer.join().code()).isEqualTo(ResponseCode.SUCCESS);
    }
}
