package io.hexmq.bootstrap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.AclInfo;
import org.apache.rocketmq.remoting.protocol.body.UserInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ACL 2.0 against the official 5.x client and admin: the first super user from {@code initAuthenticationUser}
 * creates users and policies with {@code DefaultMQAdminExt} (as {@code mqadmin createUser/createAcl} do),
 * signed producers and consumers their policies allow work, and every refusal leaves the broker serving the
 * others.
 */
class AclCompatibilityIT {

    private static final String TOPIC = "acl-orders";
    private static final String SECRET_TOPIC = "acl-secret";
    private static final String READERS = "acl-readers";

    @RegisterExtension
    static final StandaloneExtension<AutoCloseable> HEXMQ = StandaloneExtension.onFileStore().withSettings(Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}"));

    private static final List<SignedClients> OPENED = new java.util.concurrent.CopyOnWriteArrayList<>();

    private static SignedClients as(String user, String secret) {
        SignedClients clients = SignedClients.as(HEXMQ.server().nameServer(), user, secret);
        OPENED.add(clients);
        return clients;
    }

    @BeforeAll
    static void createUsersAndPolicies() throws Exception {
        String broker = HEXMQ.server().broker();
        try (SignedClients root = SignedClients.as(HEXMQ.server().nameServer(), "rocketmq", "12345678")) {
            DefaultMQAdminExt admin = root.admin();
            for (String topic : List.of(TOPIC, SECRET_TOPIC)) {
                admin.createAndUpdateTopicConfig(broker, new TopicConfig(topic, 2, 2, 6));
            }
            admin.createUser(broker, "publisher", "pub-secret", "Normal");
            admin.createUser(broker, "subscriber", "sub-secret", "Normal");
            admin.createUser(broker, "mixed", "mixed-secret", "Normal");
            admin.createUser(broker, "remote", "remote-secret", "Normal");
            admin.createUser(broker, "gone", "gone-secret", "Normal");
            admin.updateUser(broker, "gone", null, null, "disable");
            admin.createAcl(broker, "User:publisher", List.of("Topic:" + TOPIC), List.of("Pub"), List.of(), "Allow");
            admin.createAcl(broker, "User:subscriber", List.of("Topic:acl-*", "Group:" + READERS), List.of("Sub"),
                    List.of(), "Allow");
            admin.createAcl(broker, "User:mixed", List.of("Topic:*", "Group:*"), List.of("All"), List.of(), "Allow");
            admin.createAcl(broker, "User:mixed", List.of("Topic:" + SECRET_TOPIC), List.of("Sub"), List.of(), "Deny");
            admin.createAcl(broker, "User:remote", List.of("*"), List.of("All"), List.of("10.0.0.0/8"), "Allow");
        }
    }

    @AfterEach
    void closeClients() {
        OPENED.forEach(SignedClients::close);
        OPENED.clear();
    }

    private static Message message(String topic, String body) {
        return new Message(topic, "T", body.getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("deprecation")
    private static PullResult pull(DefaultMQPullConsumer consumer, String topic) throws Exception {
        return consumer.pull(new MessageQueue(topic, HEXMQ.server().brokerName(), 0), "*", 0, 32, 5_000);
    }

    private static void assertStillServing() throws Exception {
        assertThat(as("publisher", "pub-secret").producer("pg-still").send(message(TOPIC, "still")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void signedProducerAndConsumerThatTheirPoliciesAllow_exchangeMessages() throws Exception {
        DefaultMQProducer producer = as("publisher", "pub-secret").producer("pg-acl");
        for (int i = 0; i < 4; i++) {
            assertThat(producer.send(message(TOPIC, "m" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
        Set<String> consumed = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = as("subscriber", "sub-secret").pushConsumer(READERS);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(m -> consumed.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();

        Await.until("the signed consumer gets the 4 messages", () -> consumed.containsAll(List.of("m0", "m1", "m2", "m3")));
    }

    @Test
    void refusesAnUnsignedProducer() throws Exception {
        SignedClients unsigned = SignedClients.unsigned(HEXMQ.server().nameServer());
        OPENED.add(unsigned);
        DefaultMQProducer producer = unsigned.producer("pg-unsigned");

        assertThatThrownBy(() -> producer.send(message(TOPIC, "x"))).hasStackTraceContaining("username cannot be null");
        assertStillServing();
    }

    @Test
    void refusesAWrongSecret_anUnknownUser_andADisabledUser() throws Exception {
        DefaultMQProducer wrongSecret = as("publisher", "guess").producer("pg-wrong");
        DefaultMQProducer unknown = as("eve", "eve-secret").producer("pg-unknown");
        DefaultMQProducer disabled = as("gone", "gone-secret").producer("pg-gone");

        assertThatThrownBy(() -> wrongSecret.send(message(TOPIC, "x"))).hasStackTraceContaining("check signature failed");
        assertThatThrownBy(() -> unknown.send(message(TOPIC, "x"))).hasStackTraceContaining("User:eve is not found");
        assertThatThrownBy(() -> disabled.send(message(TOPIC, "x"))).hasStackTraceContaining("User:gone is disabled");
        assertStillServing();
    }

    @Test
    void refusesAPublisherThatConsumes_andASubscriberThatSends() throws Exception {
        DefaultMQPullConsumer publisherPulling = as("publisher", "pub-secret").pullConsumer(READERS);
        DefaultMQProducer subscriberSending = as("subscriber", "sub-secret").producer("pg-sub");

        assertThatThrownBy(() -> pull(publisherPulling, TOPIC))
                .hasStackTraceContaining("User:publisher has no permission to Sub on Topic:" + TOPIC);
        assertThatThrownBy(() -> subscriberSending.send(message(TOPIC, "x")))
                .hasStackTraceContaining("User:subscriber has no permission to Pub on Topic:" + TOPIC);
        assertStillServing();
    }

    @Test
    void refusesWhereADenyOverlapsAnAllow() throws Exception {
        DefaultMQPullConsumer mixed = as("mixed", "mixed-secret").pullConsumer("acl-mixed");

        assertThat(pull(mixed, TOPIC).getPullStatus()).isIn(PullStatus.FOUND, PullStatus.NO_NEW_MSG);
        assertThatThrownBy(() -> pull(mixed, SECRET_TOPIC))
                .hasStackTraceContaining("User:mixed has no permission to Sub on Topic:" + SECRET_TOPIC);
    }

    @Test
    void refusesAUserOutsideItsSourceRange() throws Exception {
        DefaultMQProducer remote = as("remote", "remote-secret").producer("pg-remote");

        assertThatThrownBy(() -> remote.send(message(TOPIC, "x"))).hasStackTraceContaining("from 127.0.0.1");
        assertStillServing();
    }

    @Test
    void refusesANormalUserDeletingATopic_orManagingUsers() throws Exception {
        DefaultMQAdminExt subscriber = as("subscriber", "sub-secret").admin();
        DefaultMQAdminExt mixed = as("mixed", "mixed-secret").admin();

        assertThatThrownBy(() -> subscriber.deleteTopicInBroker(Set.of(HEXMQ.server().broker()), SECRET_TOPIC))
                .hasStackTraceContaining("User:subscriber has no permission to Delete on Topic:" + SECRET_TOPIC);
        assertThatThrownBy(() -> mixed.listUser(HEXMQ.server().broker(), ""))
                .hasStackTraceContaining("User:mixed is not a super user");
    }

    @Test
    void listsUsersAndPoliciesToTheSuperUser_withoutPasswords() throws Exception {
        DefaultMQAdminExt admin = as("rocketmq", "12345678").admin();

        List<UserInfo> users = admin.listUser(HEXMQ.server().broker(), "");
        assertThat(users).extracting(UserInfo::getUsername)
                .contains("rocketmq", "inner", "publisher", "subscriber", "gone");
        assertThat(users).allSatisfy(user -> assertThat(user.getPassword()).isNull());
        assertThat(admin.getUser(HEXMQ.server().broker(), "gone").getUserStatus()).isEqualTo("disable");

        AclInfo mixed = admin.getAcl(HEXMQ.server().broker(), "User:mixed");
        assertThat(mixed.getPolicies().get(0).getEntries()).extracting(entry -> entry.getResource() + "="
                + entry.getDecision()).contains("Topic:*=Allow", "Group:*=Allow", "Topic:" + SECRET_TOPIC + "=Deny");
        assertThat(admin.listAcl(HEXMQ.server().broker(), "User:", "")).hasSizeGreaterThanOrEqualTo(4);
    }
}
