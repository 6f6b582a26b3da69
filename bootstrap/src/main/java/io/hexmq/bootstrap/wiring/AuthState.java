package io.hexmq.bootstrap.wiring;

import io.hexmq.adapters.file.state.JsonAuthStore;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.port.AuthStore;
import java.nio.file.Path;

/**
 * A server's users and policies, loaded from their file before wiring starts (so no Guice module opens a
 * file), with the store that keeps them.
 */
public record AuthState(AuthStore store, AuthDirectory directory) {

    /** Loads {@code file}; a missing file is an empty table. */
    public static AuthState load(Path file) {
        AuthStore store = new JsonAuthStore(file);
        return new AuthState(store, new AuthDirectory(store.load().orElseGet(AuthTable::empty)));
    }
}
