package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ACL 1.0 ({@code aclEnable=true} and a {@code plain_acl.yml}) with the 4.9.8 client's {@code AclClientRPCHook}:
 * accounts with the right permissions produce and consume; a wrong secret, an unknown access key, a SUB-only
 * account sending, a PUB-only account pulling, an unmatched white address and a non-admin account creating or
 * deleting a topic are each refused with RocketMQ 4.9's words while the broker goes on serving the others; an
 * edit of the file is picked up without a restart.
 */
class PlainAclCompatibility4xIT {

    private static final String TOPIC = "acl1-4x";
    private static final Path ACL_FILE = aclFile();

    @RegisterExtension
    static final StandaloneExtension<AutoCloseable> HEXMQ = StandaloneExtension.onFileStore().withSettings(Map.of(
            "aclEnable", "true",
            "aclConfigFile", ACL_FILE.toString()));

    private final List<Runnable> shutdowns = new ArrayList<>();

    private static Path aclFile() {
        try {
            Path file = Files.createTempDirectory("plain-acl-4x-").resolve("plain_acl.yml");
            Files.writeString(file, accounts(""));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String accounts(String more) {
        return """
                globalWhiteRemoteAddresses:
                accounts:
                  - accessKey: admin-4x
                    secretKey: admin-secret
                    admin: true
                  - accessKey: pubsub-4x
                    secretKey: pubsub-secret
                    defaultTopicPerm: DENY
                    defaultGroupPerm: SUB
                    topicPerms:
                      - acl1-4x=PUB|SUB
                  - accessKey: pub-only-4x
                    secretKey: pub-only-secret
                    defaultGroupPerm: SUB
                    topicPerms:
                      - acl1-4x=PUB
                  - accessKey: sub-only-4x
                    secretKey: sub-only-secret
                    defaultGroupPerm: SUB
                    topicPerms:
                      - acl1-4x=SUB
                  - accessKey: white-local-4x
                    secretKey: white-local-secret
                    whiteRemoteAddress: 127.0.0.*
                    topicPerms:
                      - acl1-4x=PUB
                  - accessKey: white-far-4x
                    secretKey: white-far-secret
                    whiteRemoteAddress: 10.9.9.*
                    topicPerms:
                      - acl1-4x=PUB
                """ + more;
    }

    @BeforeAll
    static void createTopic() throws Exception {
        DefaultMQAdminExt admin = admin(hook("admin-4x", "admin-secret"));
        try {
            admin.createAndUpdateTopicConfig(HEXMQ.server().broker(), new TopicConfig(TOPIC, 2, 2, 6));
            Await.until("the route of " + TOPIC, () -> {
                try {
                    return !admin.examineTopicRouteInfo(TOPIC).getQueueDatas().isEmpty();
                } catch (Exception notYet) {
                    return false;
                }
            });
        } finally {
            admin.shutdown();
        }
    }

    @AfterEach
    void stop() {
        shutdowns.forEach(Runnable::run);
    }

    private static RPCHook hook(String accessKey, String secretKey) {
        return new AclClientRPCHook(new SessionCredentials(accessKey, secretKey));
    }

    private static DefaultMQAdminExt admin(RPCHook hook) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(hook, 5_000);
        admin.setNamesrvAddr(HEXMQ.server().nameServer());
        admin.setInstanceName("acl1-4x-admin-" + System.nanoTime());
        admin.start();
        return admin;
    }

    private DefaultMQProducer producer(RPCHook hook) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("pg-acl1-4x", hook);
        producer.setNamesrvAddr(HEXMQ.server().nameServer());
        producer.setInstanceName("acl1-4x-" + System.nanoTime());
        producer.setSendMsgTimeout(5_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    private DefaultMQPullConsumer puller(String group, RPCHook hook) throws Exception {
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer(group, hook);
        consumer.setNamesrvAddr(HEXMQ.server().nameServer());
        consumer.setInstanceName("acl1-4x-pull-" + System.nanoTime());
        consumer.start();
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    private static Message message(String body) {
        return new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
    }

    private void assertStillServes() throws Exception {
        assertThat(producer(hook("pubsub-4x", "pubsub-secret")).send(message("still")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void accountWithPubAndSub_sendsAndPullsWhatItSent() throws Exception {
        DefaultMQProducer producer = producer(hook("pubsub-4x", "pubsub-secret"));
        MessageQueue queue = new MessageQueue(TOPIC, HEXMQ.server().brokerName(), 0);
        long before = puller("cg-acl1-4x", hook("pubsub-4x", "pubsub-secret")).maxOffset(queue);
        assertThat(producer.send(message("hello-acl1"), queue).getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        PullResult pulled = puller("cg-acl1-4x-reader", hook("pubsub-4x", "pubsub-secret"))
                .pull(queue, "*", before, 32);

        assertThat(pulled.getPullStatus()).isEqualTo(PullStatus.FOUND);
        assertThat(pulled.getMsgFoundList()).extracting(m -> new String(m.getBody(), StandardCharsets.UTF_8))
                .contains("hello-acl1");
    }

    @Test
    void refusesAWrongSecret_andKeepsServing() throws Exception {
        assertThatThrownBy(() -> producer(hook("pubsub-4x", "guessed-secret")).send(message("x")))
                .hasStackTraceContaining("CODE: 1")
                .hasStackTraceContaining("AclException: Check signature failed for accessKey=pubsub-4x");
        assertStillServes();
    }

    @Test
    void refusesAnUnknownAccessKey_andKeepsServing() throws Exception {
        assertThatThrownBy(() -> producer(hook("nobody-4x", "nobody-secret")).send(message("x")))
                .hasStackTraceContaining("No acl config for nobody-4x");
        assertStillServes();
    }

    @Test
    void refusesASubOnlyAccountSending() throws Exception {
        assertThatThrownBy(() -> producer(hook("sub-only-4x", "sub-only-secret")).send(message("x")))
                .hasStackTraceContaining("No default permission for topic:acl1-4x");
        assertStillServes();
    }

    @Test
    void refusesAPubOnlyAccountPulling() throws Exception {
        DefaultMQPullConsumer consumer = puller("cg-acl1-4x-pub-only", hook("pub-only-4x", "pub-only-secret"));

        assertThatThrownBy(() -> consumer.pull(new MessageQueue(TOPIC, HEXMQ.server().brokerName(), 0), "*", 0, 1))
                .hasStackTraceContaining("No default permission for topic:acl1-4x");
        assertStillServes();
    }

    @Test
    void aMatchingWhiteAddressPassesUnsigned_anUnmatchedOneStillNeedsTheSecret() throws Exception {
        assertThat(producer(hook("white-local-4x", "not-the-secret")).send(message("white")).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);

        assertThatThrownBy(() -> producer(hook("white-far-4x", "not-the-secret")).send(message("x")))
                .hasStackTraceContaining("Check signature failed for accessKey=white-far-4x");
        assertStillServes();
    }

    @Test
    void refusesANonAdminAccountCreatingOrDeletingATopic() throws Exception {
        DefaultMQAdminExt admin = admin(hook("pubsub-4x", "pubsub-secret"));
        try {
            assertThatThrownBy(() -> admin.createAndUpdateTopicConfig(HEXMQ.server().broker(),
                    new TopicConfig("acl1-4x-new", 1, 1, 6)))
                    .hasStackTraceContaining("Need admin permission for request code=17, but accessKey=pubsub-4x is not");
            assertThatThrownBy(() -> admin.deleteTopicInBroker(Set.of(HEXMQ.server().broker()), TOPIC))
                    .hasStackTraceContaining("Need admin permission for request code=215");
        } finally {
            admin.shutdown();
        }
        assertStillServes();
    }

    @Test
    void picksUpAnEditOfTheFile_withoutARestart() throws Exception {
        Files.writeString(ACL_FILE, accounts("""
                  - accessKey: late-4x
                    secretKey: late-secret
                    topicPerms:
                      - acl1-4x=PUB
                """));
        DefaultMQProducer producer = producer(hook("late-4x", "late-secret"));

        Await.until("the account added to the file sends", () -> {
            try {
                return producer.send(message("late")).getSendStatus() == SendStatus.SEND_OK;
            } catch (Exception notYet) {
                return false;
            }
        });
    }
}
