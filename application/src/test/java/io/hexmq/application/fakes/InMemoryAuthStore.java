package io.hexmq.application.fakes;

import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.Optional;

/** Keeps the last saved users and policies in memory. */
public final class InMemoryAuthStore extends InMemoryValue<Optional<AuthTable>> implements AuthStore {

    public InMemoryAuthStore() {
        super(Optional.empty());
    }

    @Override
    public void save(AuthTable table) {
        save(Optional.of(table));
    }
}
