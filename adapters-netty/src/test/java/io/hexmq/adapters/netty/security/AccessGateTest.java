package io.hexmq.adapters.netty.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.auth.AuthSettings;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.PopJson;
import io.hexmq.remoting.protocol.Credentials;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestSignature;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.SubstituteLogger;

class AccessGateTest {

    private static final Credentials ROOT = new Credentials("root", "root-secret");
    private static final Credentials PUBLISHER = new Credentials("publisher", "pub-secret");
    private static final Credentials SUBSCRIBER = new Credentials("subscriber", "sub-secret");
    private static final Credentials DISABLED = new Credentials("gone", "gone-secret");
    private static final Credentials OFFICE = new Credentials("office", "office-secret");

    private final ConcurrentLinkedQueue<SubstituteLoggingEvent> audited = new ConcurrentLinkedQueue<>();
    private final AuthDirectory directory = new AuthDirectory(AuthTable.empty()
            .with(User.enabled("root", "root-secret", UserType.SUPER))
            .with(User.enabled("publisher", "pub-secret", UserType.NORMAL))
            .with(User.enabled("subscriber", "sub-secret", UserType.NORMAL))
            .with(User.enabled("office", "office-secret", UserType.NORMAL))
            .with(new User(new Username("gone"), "gone-secret", UserType.NORMAL, UserStatus.DISABLE))
            .with(new Acl(new Username("publisher"), List.of(
                    entry("Topic:orders", Decision.ALLOW, Action.PUB),
                    entry("*", Decision.ALLOW, Action.GET))))
            .with(new Acl(new Username("subscriber"), List.of(
                    entry("Topic:*", Decision.ALLOW, Action.SUB),
                    entry("Group:readers", Decision.ALLOW, Action.SUB),
                    entry("Topic:secret", Decision.DENY, Action.ALL))))
            .with(new Acl(new Username("office"), List.of(new PolicyEntry(ResourcePattern.parse("*"),
                    Set.of(Action.ALL), List.of(SourceRange.parse("10.0.0.0/8")), Decision.ALLOW)))));
    private final AccessGate gate = gate(true);
    private final RequestContext local = TestPeer.client().context();

    private AccessGate gate(boolean authorization) {
        return new AccessGate(new AuthenticateRequest(directory), new AuthorizeRequest(directory),
                new AuthSettings(true, authorization, Optional.empty(), Optional.empty()),
                Set.of(RequestCode.GET_BROKER_CLUSTER_INFO),
                new RefusalAudit(new ManualClock(0), 1_000, 20, new SubstituteLogger("audit", audited, false)));
    }

    private static PolicyEntry entry(String resource, Decision decision, Action action) {
        return new PolicyEntry(ResourcePattern.parse(resource), Set.of(action), List.of(), decision);
    }

    private static RemotingCommand send(String topic) {
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).extField("a", "producers").extField("b", topic)
                .body(new byte[] {1, 2, 3}).build();
    }

    private static RemotingCommand pull(String topic, String group) {
        return RemotingCommand.request(RequestCode.PULL_MESSAGE).extField("topic", topic)
                .extField("consumerGroup", group).build();
    }

    private static RemotingCommand signed(RemotingCommand request, Credentials credentials) {
        return RequestSignature.signed(request, credentials);
    }

    private Optional<RemotingCommand> check(RemotingCommand request) {
        return gate.refusal(request, local);
    }

    private static void assertRefused(Optional<RemotingCommand> refusal, String remark) {
        assertThat(refusal).hasValueSatisfying(response -> {
            assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
            assertThat(response.remark()).isEqualTo(remark);
        });
    }

    @Test
    void letsThrough_aRequestSignedByAKnownUserItsPoliciesAllow() {
        assertThat(check(signed(send("orders"), PUBLISHER))).isEmpty();
        assertThat(check(signed(pull("orders", "readers"), SUBSCRIBER))).isEmpty();
    }

    @Test
    void refuses_aRequestWithoutCredentials() {
        assertRefused(check(send("orders")), "username cannot be null.");
    }

    @Test
    void refuses_aRequestSignedWithTheWrongSecret() {
        assertRefused(check(signed(send("orders"), new Credentials("publisher", "guess"))), "check signature failed.");
    }

    @Test
    void refuses_anUnknownUser() {
        assertRefused(check(signed(send("orders"), new Credentials("eve", "eve-secret"))), "User:eve is not found.");
    }

    @Test
    void refuses_aDisabledUser() {
        assertRefused(check(signed(send("orders"), DISABLED)), "User:gone is disabled.");
    }

    @Test
    void refuses_aReplayedRequestWhoseFieldsChanged() {
        RemotingCommand replayed = signed(send("orders"), PUBLISHER).toBuilder().extField("b", "payments").build();

        assertRefused(check(replayed), "check signature failed.");
    }

    @Test
    void refuses_aPublisherThatPulls_andASubscriberThatSends() {
        assertRefused(check(signed(pull("orders", "readers"), PUBLISHER)),
                "User:publisher has no permission to Sub on Topic:orders from 127.0.0.1.");
        assertRefused(check(signed(send("orders"), SUBSCRIBER)),
                "User:subscriber has no permission to Pub on Topic:orders from 127.0.0.1.");
    }

    @Test
    void refusesAPublisherThatPops_acksOrChangesInvisibleTime_asItRefusesItsPulls() {
        for (int code : List.of(RequestCode.POP_MESSAGE, RequestCode.PEEK_MESSAGE, RequestCode.ACK_MESSAGE,
                RequestCode.CHANGE_MESSAGE_INVISIBLETIME, RequestCode.NOTIFICATION, RequestCode.POLLING_INFO)) {
            RemotingCommand pop = RemotingCommand.request(code).extField("topic", "orders")
                    .extField("consumerGroup", "readers").build();
            assertRefused(check(signed(pop, PUBLISHER)),
                    "User:publisher has no permission to Sub on Topic:orders from 127.0.0.1.");
            assertThat(check(signed(pop, SUBSCRIBER))).as("code %d by a subscriber", code).isEmpty();
        }
    }

    @Test
    void refuses_whereADenyOverlapsAnAllow() {
        assertRefused(check(signed(pull("secret", "readers"), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Topic:secret from 127.0.0.1.");
    }

    @Test
    void refuses_aNormalUserDeletingATopic_orReadingAnotherGroupsOffsets() {
        assertThat(check(signed(RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_BROKER).extField("topic", "orders")
                .build(), PUBLISHER))).isPresent();
        assertThat(check(signed(RemotingCommand.request(RequestCode.QUERY_CONSUMER_OFFSET).extField("topic", "orders")
                .extField("consumerGroup", "writers").extField("queueId", "0").build(), SUBSCRIBER))).isPresent();
    }

    @Test
    void refuses_aRequestFromOutsideThePolicysSourceRange() {
        assertThat(check(signed(send("orders"), OFFICE))).isPresent();
        RequestContext fromOffice = new TestPeer("office", new InetSocketAddress("10.3.4.5", 5000)).context();
        assertThat(gate.refusal(signed(send("orders"), OFFICE), fromOffice)).isEmpty();
    }

    @Test
    void letsOnlySuperUsersManageUsersAndAcls() {
        RemotingCommand listUsers = RemotingCommand.request(RequestCode.AUTH_LIST_USER).build();

        assertThat(check(signed(listUsers, ROOT))).isEmpty();
        assertThat(check(signed(listUsers, OFFICE))).isPresent();
    }

    @Test
    void letsASuperUserDoAnything() {
        assertThat(check(signed(RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_BROKER).extField("topic", "orders")
                .build(), ROOT))).isEmpty();
    }

    @Test
    void authenticatesOnly_whenAuthorizationIsOff() {
        assertThat(gate(false).refusal(signed(send("orders"), SUBSCRIBER), local)).isEmpty();
        assertThat(gate(false).refusal(send("orders"), local)).isPresent();
    }

    @Test
    void letsWhitelistedCodesThroughUnsigned() {
        assertThat(check(RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).build())).isEmpty();
    }

    @Test
    void auditsEachRefusal_withoutSecretsOrSignatures() {
        RemotingCommand wrong = signed(send("orders"), new Credentials("publisher", "guessed-secret"));
        check(wrong);

        assertThat(audited).hasSize(1);
        String line = audited.peek().getMessage() + " " + List.of(audited.peek().getArgumentArray());
        assertThat(line).contains("publisher", "310", "check signature failed")
                .doesNotContain("guessed-secret", "pub-secret", wrong.extFields().get(RequestSignature.SIGNATURE));
    }

    @Test
    void neverAccepts_randomOrTruncatedCredentials() {
        Random random = new Random(12);
        String validSignature = signed(send("orders"), PUBLISHER).extFields().get(RequestSignature.SIGNATURE);
        for (int i = 0; i < 2_000; i++) {
            String signature = switch (i % 3) {
                case 0 -> validSignature.substring(0, random.nextInt(validSignature.length()));
                case 1 -> randomText(random, random.nextInt(40));
                default -> validSignature.substring(1) + (char) random.nextInt(0x3000);
            };
            String accessKey = i % 5 == 0 ? randomText(random, random.nextInt(300)) : "publisher";
            RemotingCommand forged = send("orders").toBuilder().extField(RequestSignature.ACCESS_KEY, accessKey)
                    .extField(RequestSignature.SIGNATURE, signature).build();

            assertThat(check(forged)).as("forged request %d", i).isPresent();
        }
    }

    private static RemotingCommand heartbeat(String group, String topic) {
        ConsumerJson.Subscription subscription = new ConsumerJson.Subscription(topic, "*", List.of(), List.of(), 1,
                "TAG");
        ConsumerJson.Subscription retry = new ConsumerJson.Subscription("%RETRY%" + group, "*", List.of(), List.of(),
                1, "TAG");
        return RemotingCommand.request(RequestCode.HEART_BEAT).body(ConsumerJson.heartbeat(new ConsumerJson.Heartbeat(
                "client-1", List.of(new ConsumerJson.Consumer(group, "CONSUME_PASSIVELY", "CLUSTERING",
                        "CONSUME_FROM_LAST_OFFSET", List.of(subscription, retry))), List.of(), false))).build();
    }

    @Test
    void letsAConsumerHeartbeatForItsGroupAndTopics_andRefusesOneForAnotherGroup() {
        assertThat(check(signed(heartbeat("readers", "orders"), SUBSCRIBER))).isEmpty();
        assertRefused(check(signed(heartbeat("writers", "orders"), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Group:writers from 127.0.0.1.");
    }

    @Test
    void refusesLockingQueuesOfATopicTheUserMayNotConsume() {
        RemotingCommand lock = RemotingCommand.request(RequestCode.LOCK_BATCH_MQ).body(ConsumerJson.lockRequest(
                new ConsumerJson.LockRequest("client-1", "readers", List.of(new ConsumerJson.Queue("secret", "b", 0)))))
                .build();

        assertRefused(check(signed(lock, SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Topic:secret from 127.0.0.1.");
    }

    private static RemotingCommand batchAck(String topic, String group) {
        return RemotingCommand.request(RequestCode.BATCH_ACK_MESSAGE).body(PopJson.batchAcks("broker-a", List.of(
                new PopJson.BatchAck(group, topic, "0", 10, 0, 0, 1_000, 60_000, List.of(10L, 11L))))).build();
    }

    private static byte[] topicAndGroupBody(String topic, String group) {
        return ("{\"consumerGroup\":\"" + group + "\",\"topic\":\"" + topic + "\",\"clientId\":\"client-1\","
                + "\"mode\":\"POP\",\"popShareQueueNum\":0}").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void authorizesABatchAck_asSubOnTheTopicAndGroupOfEachAck() {
        assertThat(check(signed(batchAck("orders", "readers"), SUBSCRIBER))).isEmpty();
        assertRefused(check(signed(batchAck("orders", "writers"), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Group:writers from 127.0.0.1.");
        assertRefused(check(signed(batchAck("secret", "readers"), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Topic:secret from 127.0.0.1.");
    }

    @Test
    void authorizesAnAssignmentQuery_asSubOnItsTopicAndGroup() {
        RemotingCommand.Builder query = RemotingCommand.request(RequestCode.QUERY_ASSIGNMENT);

        assertThat(check(signed(query.body(topicAndGroupBody("orders", "readers")).build(), SUBSCRIBER))).isEmpty();
        assertRefused(check(signed(query.body(topicAndGroupBody("orders", "writers")).build(), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Group:writers from 127.0.0.1.");
        assertRefused(check(signed(query.body(topicAndGroupBody("orders", "readers")).build(), PUBLISHER)),
                "User:publisher has no permission to Sub on Topic:orders from 127.0.0.1.");
    }

    @Test
    void authorizesARequestModeChange_asSubOnItsTopicAndGroup() {
        RemotingCommand.Builder mode = RemotingCommand.request(RequestCode.SET_MESSAGE_REQUEST_MODE);

        assertThat(check(signed(mode.body(topicAndGroupBody("orders", "readers")).build(), SUBSCRIBER))).isEmpty();
        assertRefused(check(signed(mode.body(topicAndGroupBody("secret", "readers")).build(), SUBSCRIBER)),
                "User:subscriber has no permission to Sub on Topic:secret from 127.0.0.1.");
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) random.nextInt(0xD800));
        }
        return text.toString();
    }
}
