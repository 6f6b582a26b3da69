package io.hexmq.domain.auth.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.Resource;
import io.hexmq.domain.auth.SignatureCheck;
import io.hexmq.domain.topic.DataVersion;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlainAclTableTest {

    private static final int SEND = 310;
    private static final int CREATE_TOPIC = 17;

    private final PlainAclTable table = new PlainAclTable(List.of(AddressPattern.parse("10.10.*.*")), accounts(
            account("producer", "producer-secret", "", false, PlainPerm.DENY, PlainPerm.SUB,
                    Map.of("orders", PlainPerm.PUB), Map.of()),
            account("consumer", "consumer-secret", "", false, PlainPerm.SUB, PlainPerm.DENY,
                    Map.of("secret", PlainPerm.DENY), Map.of("readers", PlainPerm.SUB)),
            account("office1", "office-secret", "192.168.0.*", false, PlainPerm.PUB, PlainPerm.SUB, Map.of(), Map.of()),
            account("rootacc", "root-secret", "", true, PlainPerm.DENY, PlainPerm.DENY, Map.of(), Map.of()),
            account("admin-t", "admin-secret", "", true, PlainPerm.DENY, PlainPerm.SUB,
                    Map.of("orders", PlainPerm.PUB_SUB), Map.of())), DataVersion.initial(0));

    private static Map<String, PlainAccount> accounts(PlainAccount... accounts) {
        Map<String, PlainAccount> byKey = new LinkedHashMap<>();
        for (PlainAccount account : accounts) {
            byKey.put(account.accessKey(), account);
        }
        return byKey;
    }

    private static PlainAccount account(String key, String secret, String white, boolean admin, PlainPerm topic,
                                        PlainPerm group, Map<String, PlainPerm> topics, Map<String, PlainPerm> groups) {
        return new PlainAccount(key, secret, AddressPattern.parse(white), admin, topic, group, topics, groups);
    }

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static SignatureCheck signedWith(String secret) {
        return secret::equals;
    }

    private PlainVerdict check(String key, String secret, String from, int code, boolean adminOnly,
                               AccessNeed... needs) {
        return table.check(new PlainRequest(key, signedWith(secret), ip(from), List.of(needs), adminOnly, code));
    }

    private static AccessNeed pub(String topic) {
        return AccessNeed.of(Resource.topic(topic), Action.PUB);
    }

    private static AccessNeed sub(String topic) {
        return AccessNeed.of(Resource.topic(topic), Action.SUB);
    }

    private static AccessNeed group(String group) {
        return AccessNeed.of(Resource.group(group), Action.SUB);
    }

    private static String refusal(PlainVerdict verdict) {
        assertThat(verdict).isInstanceOf(PlainVerdict.Refused.class);
        return ((PlainVerdict.Refused) verdict).message();
    }

    @Test
    void allowsASignedAccount_whatItsPermissionsName() {
        assertThat(check("producer", "producer-secret", "127.0.0.1", SEND, false, pub("orders")))
                .isEqualTo(PlainVerdict.ALLOWED);
        assertThat(check("consumer", "consumer-secret", "127.0.0.1", 11, false, sub("orders"), group("readers")))
                .isEqualTo(PlainVerdict.ALLOWED);
    }

    @Test
    void refusesAsRocketMq49Does_inItsOrderAndWords() {
        assertThat(refusal(check(null, "", "127.0.0.1", SEND, false, pub("orders"))))
                .isEqualTo("No accessKey is configured");
        assertThat(refusal(check("nobody", "x", "127.0.0.1", SEND, false, pub("orders"))))
                .isEqualTo("No acl config for nobody");
        assertThat(refusal(check("producer", "guess", "127.0.0.1", SEND, false, pub("orders"))))
                .isEqualTo("Check signature failed for accessKey=producer");
        assertThat(refusal(check("producer", "producer-secret", "127.0.0.1", CREATE_TOPIC, true)))
                .isEqualTo("Need admin permission for request code=17, but accessKey=producer is not");
        assertThat(refusal(check("producer", "producer-secret", "127.0.0.1", SEND, false, pub("invoices"))))
                .isEqualTo("No default permission for topic:invoices");
        assertThat(refusal(check("consumer", "consumer-secret", "127.0.0.1", 11, false, sub("orders"), group("x"))))
                .isEqualTo("No default permission for group:x");
    }

    @Test
    void denyNamedForATopicWinsOverTheDefault() {
        assertThat(refusal(check("consumer", "consumer-secret", "127.0.0.1", 11, false, sub("secret"))))
                .isEqualTo("No default permission for topic:secret");
    }

    @Test
    void aNeedThatPubOrSubSatisfiesPassesWithEither() {
        AccessNeed route = AccessNeed.of(Resource.topic("orders"), Action.PUB, Action.SUB, Action.GET);

        assertThat(check("producer", "producer-secret", "127.0.0.1", 105, false, route)).isEqualTo(PlainVerdict.ALLOWED);
        assertThat(check("consumer", "consumer-secret", "127.0.0.1", 105, false, route)).isEqualTo(PlainVerdict.ALLOWED);
    }

    @Test
    void needsWithoutPubOrSub_areLeftToTheAdminFlag() {
        AccessNeed delete = AccessNeed.of(Resource.topic("orders"), Action.DELETE);

        assertThat(check("producer", "producer-secret", "127.0.0.1", 215, false, delete)).isEqualTo(PlainVerdict.ALLOWED);
    }

    @Test
    void aGloballyWhiteListedAddressPassesWithoutAnAccount() {
        assertThat(check(null, "", "10.10.3.4", CREATE_TOPIC, true, pub("anything"))).isEqualTo(PlainVerdict.ALLOWED);
    }

    @Test
    void theAccountsWhiteAddressPassesUnsigned_elsewhereTheSecretIsNeeded() {
        assertThat(check("office1", "wrong", "192.168.0.5", SEND, false, pub("t"))).isEqualTo(PlainVerdict.ALLOWED);
        assertThat(refusal(check("office1", "wrong", "192.168.1.5", SEND, false, pub("t"))))
                .isEqualTo("Check signature failed for accessKey=office1");
    }

    @Test
    void anAdminNamingNoResourceMayDoAnything_oneNamingSomeIsCheckedLikeAnyOther() {
        assertThat(check("rootacc", "root-secret", "127.0.0.1", CREATE_TOPIC, true, pub("x"), group("y")))
                .isEqualTo(PlainVerdict.ALLOWED);
        assertThat(check("admin-t", "admin-secret", "127.0.0.1", CREATE_TOPIC, true, pub("orders")))
                .isEqualTo(PlainVerdict.ALLOWED);
        assertThat(refusal(check("admin-t", "admin-secret", "127.0.0.1", SEND, false, pub("other"))))
                .isEqualTo("No default permission for topic:other");
    }

    @Test
    void anySignedAccountMayPublishTraces() {
        assertThat(check("consumer", "consumer-secret", "127.0.0.1", SEND, false, pub("RMQ_SYS_TRACE_TOPIC")))
                .isEqualTo(PlainVerdict.ALLOWED);
    }

    @Test
    void changesKeepTheOrderAndCountTheVersion() {
        PlainAccount late = account("latecomer", "late-secret", "", false, PlainPerm.PUB, PlainPerm.SUB, Map.of(),
                Map.of());

        PlainAclTable changed = table.with(late, 5).without("producer", 6);

        assertThat(changed.accounts().keySet()).containsExactly("consumer", "office1", "rootacc", "admin-t",
                "latecomer");
        assertThat(changed.version()).isEqualTo(new DataVersion(6, 2, 0));
        assertThat(changed.withGlobalWhiteRemoteAddresses(List.of(), 7).globalWhiteRemoteAddresses()).isEmpty();
    }

    @Test
    void keysAndSecretsAreLongerThanSixCharacters_andNeverPrinted() {
        assertThatThrownBy(() -> account("short", "long-enough", "", false, PlainPerm.DENY, PlainPerm.DENY, Map.of(),
                Map.of())).isInstanceOf(InvalidAuthDataException.class).hasMessageContaining("accessKey=short");
        assertThatThrownBy(() -> account("long-enough", "123456", "", false, PlainPerm.DENY, PlainPerm.DENY, Map.of(),
                Map.of())).isInstanceOf(InvalidAuthDataException.class).hasMessageNotContaining("123456");
        assertThat(table.account("producer").orElseThrow().toString()).doesNotContain("producer-secret");
    }

    @Test
    void permissionsReadAsTheFileSpellsThem() {
        assertThat(PlainPerm.readLeniently("SUB|PUB")).isEqualTo(PlainPerm.PUB_SUB);
        assertThat(PlainPerm.readLeniently("pub")).isEqualTo(PlainPerm.DENY);
        assertThat(PlainPerm.readLeniently(null)).isEqualTo(PlainPerm.DENY);
        assertThat(PlainPerm.parse(" PUB|SUB ")).isEqualTo(PlainPerm.PUB_SUB);
        assertThatThrownBy(() -> PlainPerm.parse("WRITE")).isInstanceOf(InvalidAuthDataException.class);
        assertThat(PlainPerm.DENY.allows(PlainNeed.ANY)).isFalse();
        assertThat(PlainPerm.SUB.allows(PlainNeed.ANY)).isTrue();
        assertThat(PlainPerm.SUB.allows(PlainNeed.PUB)).isFalse();
    }

    @Test
    void authenticate_acceptsAnAccountsOwnSecret_andNothingElse() {
        assertThat(table.authenticate("producer", signedWith("producer-secret"))).isEqualTo(PlainVerdict.ALLOWED);
        assertThat(table.authenticate("producer", signedWith("guess")))
                .isEqualTo(new PlainVerdict.Refused("Check signature failed for accessKey=producer"));
        assertThat(table.authenticate("mallory", signedWith("x")))
                .isEqualTo(new PlainVerdict.Refused("No acl config for mallory"));
    }

    @Test
    void authenticate_needsTheSecret_evenForAnAccountWhoseAddressesAreWhiteListed() {
        // office1 passes unsigned from 192.168.0.*; a sign-in names who signs in, so it still needs the secret.
        assertThat(table.authenticate("office1", signedWith("guess"))).isInstanceOf(PlainVerdict.Refused.class);
    }
}
