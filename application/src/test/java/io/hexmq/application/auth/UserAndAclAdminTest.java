package io.hexmq.application.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryAuthStore;
import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The admin use cases over users and policies, and the first users created at start. */
class UserAndAclAdminTest {

    private static final Username ALICE = new Username("alice");

    private final AuthDirectory directory = new AuthDirectory(AuthTable.empty());
    private final InMemoryAuthStore store = new InMemoryAuthStore();

    private static PolicyEntry entry(String resource, Decision decision, Action action) {
        return new PolicyEntry(ResourcePattern.parse(resource), Set.of(action), List.of(), decision);
    }

    @Test
    void createsTheInitialAndInnerUsersAsSuperUsers_once() {
        AuthSettings settings = new AuthSettings(true, true,
                Optional.of(User.enabled("rocketmq", "12345678", UserType.SUPER)),
                Optional.of(User.enabled("inner", "inner-secret", UserType.SUPER)));
        CreateInitialUsers initial = new CreateInitialUsers(directory, store, settings);

        assertThat(initial.create()).extracting(User::username)
                .containsExactly(new Username("rocketmq"), new Username("inner"));
        assertThat(initial.create()).isEmpty();
        assertThat(store.saves()).isEqualTo(1);
        assertThat(store.load().orElseThrow().user(new Username("rocketmq"))).get().satisfies(user ->
                assertThat(user.isSuper()).isTrue());
    }

    @Test
    void keepsAnInitialUserThatAnAdminChanged() {
        directory.change(table -> table.with(new User(new Username("rocketmq"), "changed", UserType.SUPER,
                UserStatus.ENABLE)), store::save);
        new CreateInitialUsers(directory, store, new AuthSettings(true, true,
                Optional.of(User.enabled("rocketmq", "12345678", UserType.SUPER)), Optional.empty())).create();

        assertThat(directory.snapshot().user(new Username("rocketmq")).orElseThrow().password()).isEqualTo("changed");
    }

    @Test
    void createsAUserOnce_andUpdatesOnlyWhatIsNamed() {
        CreateUser create = new CreateUser(directory, store);
        create.create(User.enabled("alice", "a1", UserType.NORMAL));

        assertThatThrownBy(() -> create.create(User.enabled("alice", "a2", UserType.NORMAL)))
                .isInstanceOf(InvalidAuthDataException.class).hasMessageContaining("already exists")
                .hasMessageNotContaining("a2");
        new UpdateUser(directory, store).update(new UpdateUser.Command(ALICE, Optional.empty(), Optional.empty(),
                Optional.of(UserStatus.DISABLE)));

        User alice = directory.snapshot().user(ALICE).orElseThrow();
        assertThat(alice.password()).isEqualTo("a1");
        assertThat(alice.isEnabled()).isFalse();
        assertThat(store.load()).contains(directory.snapshot());
    }

    @Test
    void refusesToUpdateOrGrantAMissingUser() {
        assertThatThrownBy(() -> new UpdateUser(directory, store).update(new UpdateUser.Command(ALICE,
                Optional.of("x"), Optional.empty(), Optional.empty()))).isInstanceOf(InvalidAuthDataException.class);
        assertThatThrownBy(() -> new PutAclEntries(directory, store).put(new Acl(ALICE,
                List.of(entry("*", Decision.ALLOW, Action.ALL))))).isInstanceOf(InvalidAuthDataException.class);
        assertThat(store.saves()).isZero();
    }

    @Test
    void replacesTheEntryOnTheSameResource_andKeepsTheOthers() {
        new CreateUser(directory, store).create(User.enabled("alice", "a1", UserType.NORMAL));
        PutAclEntries put = new PutAclEntries(directory, store);
        put.put(new Acl(ALICE, List.of(entry("Topic:t", Decision.ALLOW, Action.PUB),
                entry("Group:g", Decision.ALLOW, Action.SUB))));
        put.put(new Acl(ALICE, List.of(entry("Topic:t", Decision.DENY, Action.PUB))));

        assertThat(directory.snapshot().acl(ALICE).orElseThrow().entries()).containsExactly(
                entry("Group:g", Decision.ALLOW, Action.SUB), entry("Topic:t", Decision.DENY, Action.PUB));
    }

    @Test
    void deletesOneResourcesEntries_orTheWholeAcl_andTheUserWithItsAcl() {
        new CreateUser(directory, store).create(User.enabled("alice", "a1", UserType.NORMAL));
        new PutAclEntries(directory, store).put(new Acl(ALICE, List.of(entry("Topic:t", Decision.ALLOW, Action.PUB),
                entry("Group:g", Decision.ALLOW, Action.SUB))));
        DeleteAcl delete = new DeleteAcl(directory, store);

        delete.delete(ALICE, Optional.of(ResourcePattern.parse("Topic:t")));
        assertThat(new ListAcls(directory).list("ali", "")).singleElement().satisfies(acl ->
                assertThat(acl.entries()).containsExactly(entry("Group:g", Decision.ALLOW, Action.SUB)));
        assertThat(new ListAcls(directory).list("", "Topic")).singleElement().satisfies(acl ->
                assertThat(acl.entries()).isEmpty());

        new DeleteUser(directory, store).delete(ALICE);
        assertThat(new ListUsers(directory).list("")).isEmpty();
        assertThat(directory.snapshot().acl(ALICE)).isEmpty();
    }
}
