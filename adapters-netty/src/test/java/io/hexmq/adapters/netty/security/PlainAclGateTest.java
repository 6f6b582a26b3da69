package io.hexmq.adapters.netty.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.auth.ReadPlainAcl;
import io.hexmq.application.auth.UpdatePlainAccount;
import io.hexmq.application.fakes.InMemoryPlainAclStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.remoting.header.PlainAclHeader;
import io.hexmq.remoting.protocol.Credentials;
import io.hexmq.remoting.protocol.PlainAclCodes;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestGate;
import io.hexmq.remoting.protocol.RequestSignature;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlainAclGateTest {

    private static final Credentials PRODUCER = new Credentials("producer", "producer-secret");
    private static final Credentials ADMIN = new Credentials("admin-1", "admin-secret");

    private final ManualClock clock = new ManualClock(0);
    private final PlainAclDirectory directory = new PlainAclDirectory(PlainAclTable.empty(0)
            .with(new PlainAccount("producer", "producer-secret", AddressPattern.none(), false, PlainPerm.DENY,
                    PlainPerm.SUB, Map.of("orders", PlainPerm.PUB), Map.of()), 0)
            .with(new PlainAccount("admin-1", "admin-secret", AddressPattern.none(), true, PlainPerm.DENY,
                    PlainPerm.DENY, Map.of(), Map.of()), 0));
    private final PlainAclGate gate = new PlainAclGate(new AuthorizePlainRequest(directory), clock);
    private final RequestContext local = TestPeer.client().context();

    private static RemotingCommand send(String topic, Credentials credentials) {
        return RequestSignature.signed(RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).extField("a", "producers")
                .extField("b", topic).body(new byte[] {1, 2, 3}).build(), credentials);
    }

    @Test
    void letsThroughWhatTheAccountMayDo() {
        assertThat(gate.refusal(send("orders", PRODUCER), local)).isEmpty();
    }

    @Test
    void refusesAs49Does_systemErrorWithTheAclExceptionAsRemark() {
        RemotingCommand refused = gate.refusal(send("invoices", PRODUCER), local).orElseThrow();

        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.remark()).isEqualTo(
                "org.apache.rocketmq.acl.common.AclException: No default permission for topic:invoices");
    }

    @Test
    void refusesAWrongSignature_andNeverNamesTheSecret() {
        RemotingCommand refused = gate.refusal(send("orders", new Credentials("producer", "guessed")), local)
                .orElseThrow();

        assertThat(refused.remark()).endsWith("Check signature failed for accessKey=producer")
                .doesNotContain("producer-secret", "guessed");
    }

    @Test
    void theAclAdminCodesNeedAnAdminAccount() {
        RemotingCommand update = RemotingCommand.request(PlainAclCodes.UPDATE_AND_CREATE_ACL_CONFIG)
                .extField(PlainAclHeader.ACCESS_KEY, "someone-new").build();

        assertThat(gate.refusal(RequestSignature.signed(update, PRODUCER), local).orElseThrow().remark())
                .endsWith("Need admin permission for request code=50, but accessKey=producer is not");
        assertThat(gate.refusal(RequestSignature.signed(update, ADMIN), local)).isEmpty();
    }

    @Test
    void aChainAnswersWithItsFirstRefusal() {
        RemotingCommand request = send("orders", PRODUCER);
        RemotingCommand first = RemotingCommand.responseTo(request, ResponseCode.NO_PERMISSION).build();
        RequestGate refusing = (r, c) -> Optional.of(first);

        assertThat(new GateChain(List.of(refusing, gate)).refusal(send("invoices", PRODUCER), local)).contains(first);
        assertThat(new GateChain(List.of(RequestGate.OPEN, gate)).refusal(send("invoices", PRODUCER), local)
                .orElseThrow().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(new GateChain(List.of(RequestGate.OPEN, gate)).refusal(request, local)).isEmpty();
    }

    @Test
    void versionAnswerCarriesTheDataVersionAndTheFileByPath() {
        InMemoryPlainAclStore store = new InMemoryPlainAclStore();
        new UpdatePlainAccount(directory, store, new ManualClock(1_700)).update(new UpdatePlainAccount.Command(
                "created-1", Optional.of("created-secret"), Optional.empty(), false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()));
        GetPlainAclVersionHandler handler = new GetPlainAclVersionHandler(new ReadPlainAcl(directory, store),
                "DefaultCluster", "broker-a", "127.0.0.1:10911");

        RemotingCommand answer = handler.handle(RemotingCommand.request(PlainAclCodes.GET_BROKER_CLUSTER_ACL_INFO)
                .build(), local).join();

        assertThat(answer.extFields()).containsEntry("version", "{\"counter\":3,\"stateVersion\":0,\"timestamp\":1700}")
                .containsEntry("allAclFileVersion",
                        "{\"memory:plain_acl.yml\":{\"counter\":3,\"stateVersion\":0,\"timestamp\":1700}}")
                .containsEntry("clusterName", "DefaultCluster").containsEntry("brokerName", "broker-a")
                .containsEntry("brokerAddr", "127.0.0.1:10911");
    }

    @Test
    void configAnswerLeavesTheSecretsOut() {
        GetPlainAclConfigHandler handler = new GetPlainAclConfigHandler(new ReadPlainAcl(directory,
                new InMemoryPlainAclStore()));

        String body = new String(handler.handle(RemotingCommand.request(PlainAclCodes.GET_BROKER_CLUSTER_ACL_CONFIG)
                .build(), local).join().body(), StandardCharsets.UTF_8);

        assertThat(body).contains("\"accessKey\":\"producer\"", "\"topicPerms\":[\"orders=PUB\"]", "\"secretKey\":\"\"")
                .doesNotContain("producer-secret", "admin-secret");
    }
}
