package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.junit.jupiter.api.Test;

class RequestSignatureTest {

    private static final Credentials ALICE = new Credentials("alice", "alice-secret");

    private static RemotingCommand sendLike(byte[] body) {
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2)
                .extField("b", "orders")
                .extField("a", "producer-group")
                .extField("e", "3")
                .extField("i", "KEYS\u0001k1\u0002TAGS\u0001\u00e9t\u00e9\u0002")
                .body(body)
                .build();
    }

    private static String officialSignature(RemotingCommand request, Credentials credentials) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(request.code(), null);
        request.extFields().forEach(official::addExtField);
        official.setBody(request.bodyLength() == 0 ? null : request.body());
        new AclClientRPCHook(new SessionCredentials(credentials.accessKey(), credentials.secretKey()))
                .doBeforeRequest("127.0.0.1:10911", official);
        return official.getExtFields().get(SessionCredentials.SIGNATURE);
    }

    @Test
    void signsAsTheOfficialClientsHookSigns_withABody() {
        RemotingCommand request = sendLike("hello".getBytes(StandardCharsets.UTF_8));

        RemotingCommand signed = RequestSignature.signed(request, ALICE);

        assertThat(signed.extFields()).containsEntry(RequestSignature.ACCESS_KEY, "alice");
        assertThat(signed.extFields().get(RequestSignature.SIGNATURE)).isEqualTo(officialSignature(request, ALICE));
    }

    @Test
    void signsAsTheOfficialClientsHookSigns_withoutABody() {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC)
                .extField("topic", "orders").build();

        assertThat(RequestSignature.signed(request, ALICE).extFields().get(RequestSignature.SIGNATURE))
                .isEqualTo(officialSignature(request, ALICE));
    }

    @Test
    void signsABodyGivenAsViews_asTheSameBodyGivenAsAnArray() {
        byte[] body = "hello, views".getBytes(StandardCharsets.UTF_8);
        RemotingCommand asViews = sendLike(null).toBuilder()
                .bodyViews(List.of(ByteBuffer.wrap(body, 0, 5), ByteBuffer.wrap(body, 5, body.length - 5)))
                .build();

        assertThat(RequestSignature.signed(asViews, ALICE).extFields().get(RequestSignature.SIGNATURE))
                .isEqualTo(RequestSignature.signed(sendLike(body), ALICE).extFields().get(RequestSignature.SIGNATURE));
    }

    @Test
    void verifies_aRequestSignedWithTheSameSecret() {
        RemotingCommand signed = RequestSignature.signed(sendLike(new byte[] {1, 2, 3}), ALICE);

        assertThat(RequestSignature.verifies(signed, "alice-secret")).isTrue();
    }

    @Test
    void refuses_aRequestSignedWithAnotherSecret() {
        RemotingCommand signed = RequestSignature.signed(sendLike(new byte[] {1, 2, 3}), ALICE);

        assertThat(RequestSignature.verifies(signed, "not-alice-secret")).isFalse();
    }

    @Test
    void refuses_aSignedRequestWhoseFieldChangedAfterSigning() {
        RemotingCommand signed = RequestSignature.signed(sendLike(new byte[] {1, 2, 3}), ALICE);
        RemotingCommand replayed = signed.toBuilder().extField("b", "payments").build();

        assertThat(RequestSignature.verifies(replayed, "alice-secret")).isFalse();
    }

    @Test
    void refuses_aSignedRequestWhoseBodyChangedAfterSigning() {
        RemotingCommand signed = RequestSignature.signed(sendLike(new byte[] {1, 2, 3}), ALICE);
        RemotingCommand replayed = signed.toBuilder().body(new byte[] {1, 2, 4}).build();

        assertThat(RequestSignature.verifies(replayed, "alice-secret")).isFalse();
    }

    @Test
    void refuses_aRequestWithoutSignature() {
        RemotingCommand unsigned = sendLike(new byte[0]).toBuilder().extField(RequestSignature.ACCESS_KEY, "alice")
                .build();

        assertThat(RequestSignature.verifies(unsigned, "alice-secret")).isFalse();
    }

    @Test
    void leavesTheUniqueKeyQueryFlagUnsigned_whenTheClientIsAtMost4_9_3() {
        RemotingCommand old = RemotingCommand.request(RequestCode.QUERY_MESSAGE).version(ProtocolVersion.V4_9_3)
                .extField("topic", "orders").build();
        RemotingCommand flagAddedAfterSigning = RequestSignature.signed(old, ALICE).toBuilder()
                .extField(RequestSignature.UNIQUE_KEY_QUERY, "true").build();

        assertThat(RequestSignature.verifies(flagAddedAfterSigning, "alice-secret")).isTrue();
    }

    @Test
    void signsTheUniqueKeyQueryFlag_whenTheClientIsNewerThan4_9_3() {
        RemotingCommand current = RemotingCommand.request(RequestCode.QUERY_MESSAGE)
                .extField("topic", "orders").build();
        RemotingCommand flagAddedAfterSigning = RequestSignature.signed(current, ALICE).toBuilder()
                .extField(RequestSignature.UNIQUE_KEY_QUERY, "true").build();

        assertThat(RequestSignature.verifies(flagAddedAfterSigning, "alice-secret")).isFalse();
    }

    @Test
    void printsCredentialsWithoutTheirSecret() {
        assertThat(ALICE.toString()).contains("alice").doesNotContain("alice-secret");
        assertThat(Map.of("who", ALICE).toString()).doesNotContain("secret=alice");
    }
}
