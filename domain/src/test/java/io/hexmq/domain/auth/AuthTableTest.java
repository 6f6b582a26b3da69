package io.hexmq.domain.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuthTableTest {

    private static final User ALICE = User.enabled("alice", "alice-secret", UserType.NORMAL);
    private static final User ROOT = User.enabled("root", "root-secret", UserType.SUPER);
    private static final User MALLORY = new User(new Username("mallory"), "m-secret", UserType.NORMAL,
            UserStatus.DISABLE);
    private static final InetAddress LOCAL = InetAddress.getLoopbackAddress();

    private final AuthTable table = AuthTable.empty().with(ALICE).with(ROOT).with(MALLORY);

    private static SignatureCheck signedWith(String secret) {
        return secret::equals;
    }

    private static PolicyEntry entry(String resource, Decision decision, Action... actions) {
        return new PolicyEntry(ResourcePattern.parse(resource), Set.of(actions), List.of(), decision);
    }

    private static AuthTable aliceMay(PolicyEntry... entries) {
        return AuthTable.empty().with(ALICE).with(new Acl(ALICE.username(), List.of(entries)));
    }

    @Test
    void accepts_aUserWhoSignedWithItsPassword() {
        assertThat(table.authenticate("alice", signedWith("alice-secret")))
                .isEqualTo(new Authentication.Accepted(ALICE));
    }

    @Test
    void refuses_aRequestWithoutAccessKey() {
        assertThat(table.authenticate(null, signedWith("alice-secret")))
                .isEqualTo(new Authentication.Refused(Authentication.Refusal.NO_CREDENTIALS, null));
    }

    @Test
    void refuses_anUnknownUser() {
        Authentication result = table.authenticate("eve", signedWith("anything"));

        assertThat(result).isEqualTo(new Authentication.Refused(Authentication.Refusal.UNKNOWN_USER, "eve"));
        assertThat(((Authentication.Refused) result).remark()).isEqualTo("User:eve is not found.");
    }

    @Test
    void refuses_aDisabledUser_evenWithTheRightSignature() {
        assertThat(table.authenticate("mallory", signedWith("m-secret")))
                .isEqualTo(new Authentication.Refused(Authentication.Refusal.DISABLED_USER, "mallory"));
    }

    @Test
    void refuses_aWrongSignature_withARemarkThatNamesNoSecret() {
        Authentication result = table.authenticate("alice", signedWith("guess"));

        assertThat(result).isEqualTo(new Authentication.Refused(Authentication.Refusal.BAD_SIGNATURE, "alice"));
        assertThat(((Authentication.Refused) result).remark()).doesNotContain("alice-secret");
    }

    @Test
    void printsUsersWithoutTheirPasswords() {
        assertThat(table.toString()).doesNotContain("alice-secret").doesNotContain("root-secret");
    }

    @Test
    void allowsASuperUserEverything_withoutPolicies() {
        assertThat(table.firstRefused(ROOT, List.of(AccessNeed.of(Resource.topic("t"), Action.DELETE)), LOCAL))
                .isEmpty();
    }

    @Test
    void refusesANormalUserWithoutPolicies() {
        AccessNeed send = AccessNeed.of(Resource.topic("orders"), Action.PUB);

        assertThat(table.firstRefused(ALICE, List.of(send), LOCAL)).contains(send);
    }

    @Test
    void allowsAnAction_thatAnExactResourceAllows() {
        AuthTable policies = aliceMay(entry("Topic:orders", Decision.ALLOW, Action.PUB));

        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("orders"), Action.PUB)), LOCAL))
                .isEmpty();
        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("orders"), Action.SUB)), LOCAL))
                .isPresent();
        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("orders2"), Action.PUB)),
                LOCAL)).isPresent();
    }

    @Test
    void allowsByPrefixAndWildcard_andAllCoversEveryAction() {
        AuthTable policies = aliceMay(entry("Topic:order-*", Decision.ALLOW, Action.PUB),
                entry("Group:*", Decision.ALLOW, Action.ALL));

        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("order-eu"), Action.PUB),
                AccessNeed.of(Resource.group("any-group"), Action.SUB)), LOCAL)).isEmpty();
        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("payments"), Action.PUB)),
                LOCAL)).isPresent();
    }

    @Test
    void refuses_whenADenyAndAnAllowBothApply() {
        AuthTable policies = aliceMay(entry("*", Decision.ALLOW, Action.ALL),
                entry("Topic:secret", Decision.DENY, Action.SUB));

        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("secret"), Action.SUB)), LOCAL))
                .isPresent();
        assertThat(policies.firstRefused(ALICE, List.of(AccessNeed.of(Resource.topic("public"), Action.SUB)), LOCAL))
                .isEmpty();
    }

    @Test
    void refuses_aRequestFromOutsideTheEntrysSources() throws Exception {
        PolicyEntry fromOffice = new PolicyEntry(ResourcePattern.parse("Topic:orders"), Set.of(Action.PUB),
                List.of(SourceRange.parse("10.1.0.0/16")), Decision.ALLOW);
        AuthTable policies = aliceMay(fromOffice);
        List<AccessNeed> send = List.of(AccessNeed.of(Resource.topic("orders"), Action.PUB));

        assertThat(policies.firstRefused(ALICE, send, InetAddress.getByName("10.1.200.3"))).isEmpty();
        assertThat(policies.firstRefused(ALICE, send, InetAddress.getByName("10.2.0.1"))).isPresent();
    }

    @Test
    void dropsAUsersPolicies_withTheUser() {
        AuthTable policies = aliceMay(entry("*", Decision.ALLOW, Action.ALL));

        assertThat(policies.withoutUser(ALICE.username()).acl(ALICE.username())).isEmpty();
    }
}
