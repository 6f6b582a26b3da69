package io.hexmq.application.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryPlainAclStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.PlainPerm;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlainAclAdminTest {

    private final ManualClock clock = new ManualClock(100);
    private final InMemoryPlainAclStore store = new InMemoryPlainAclStore();
    private final PlainAclDirectory directory = new PlainAclDirectory(PlainAclTable.empty(0));
    private final UpdatePlainAccount update = new UpdatePlainAccount(directory, store, clock);

    private static UpdatePlainAccount.Command command(String key, Optional<String> secret, boolean admin,
                                                      Optional<Map<String, PlainPerm>> topics) {
        return new UpdatePlainAccount.Command(key, secret, Optional.empty(), admin, Optional.empty(),
                Optional.of(PlainPerm.SUB), topics, Optional.empty());
    }

    @Test
    void createsAnAccount_withDenyForTheDefaultsItIsNotGiven_andSavesTheFile() {
        update.update(command("created-1", Optional.of("created-secret"), false,
                Optional.of(Map.of("orders", PlainPerm.PUB))));

        PlainAccount created = directory.snapshot().account("created-1").orElseThrow();
        assertThat(created.defaultTopicPerm()).isEqualTo(PlainPerm.DENY);
        assertThat(created.defaultGroupPerm()).isEqualTo(PlainPerm.SUB);
        assertThat(created.topicPerms()).containsExactly(Map.entry("orders", PlainPerm.PUB));
        assertThat(store.saved()).contains(directory.snapshot());
        assertThat(directory.snapshot().version().counter()).isEqualTo(1);
        assertThat(directory.snapshot().version().timestamp()).isEqualTo(100);
    }

    @Test
    void changesOnlyWhatTheCommandNames() {
        update.update(command("changed-1", Optional.of("first-secret"), false,
                Optional.of(Map.of("orders", PlainPerm.PUB))));

        update.update(command("changed-1", Optional.empty(), true, Optional.empty()));

        PlainAccount changed = directory.snapshot().account("changed-1").orElseThrow();
        assertThat(changed.secretKey()).isEqualTo("first-secret");
        assertThat(changed.admin()).isTrue();
        assertThat(changed.topicPerms()).containsOnlyKeys("orders");
    }

    @Test
    void aNewAccountNeedsASecret_andNothingIsSavedWhenRefused() {
        assertThatThrownBy(() -> update.update(command("no-secret-1", Optional.empty(), false, Optional.empty())))
                .isInstanceOf(InvalidAuthDataException.class);
        assertThat(store.saved()).isEmpty();
    }

    @Test
    void deletesAnAccount_andRefusesOneThatIsNotThere() {
        update.update(command("deleted-1", Optional.of("deleted-secret"), false, Optional.empty()));
        DeletePlainAccount delete = new DeletePlainAccount(directory, store, clock);

        delete.delete("deleted-1");

        assertThat(directory.snapshot().accounts()).isEmpty();
        assertThatThrownBy(() -> delete.delete("deleted-1")).isInstanceOf(InvalidAuthDataException.class)
                .hasMessageContaining("deleted-1");
    }

    @Test
    void replacesTheGlobalWhiteList() {
        new UpdateGlobalWhiteAddresses(directory, store, clock).update(List.of(AddressPattern.parse("10.0.0.*")));

        assertThat(store.saved().orElseThrow().globalWhiteRemoteAddresses()).extracting(AddressPattern::text)
                .containsExactly("10.0.0.*");
    }

    @Test
    void reloadTakesAnEditedFile_andABrokenOneLeavesTheLastGoodTable() {
        ReloadPlainAcl reload = new ReloadPlainAcl(directory, store);
        assertThat(reload.reloadIfChanged()).isFalse();
        PlainAclTable edited = PlainAclTable.empty(5).with(new PlainAccount("edited-1", "edited-secret",
                AddressPattern.none(), false, PlainPerm.PUB, PlainPerm.SUB, Map.of(), Map.of()), 6);
        store.edit(edited);

        assertThat(reload.reloadIfChanged()).isTrue();
        assertThat(directory.snapshot()).isEqualTo(edited);

        store.breakFile();
        assertThatThrownBy(reload::reloadIfChanged).isInstanceOf(AuthStorageException.class);
        assertThat(directory.snapshot()).isEqualTo(edited);
        assertThat(new ReadPlainAcl(directory, store).read().table()).isEqualTo(edited);
    }
}
