package io.hexmq.domain.auth.port;

import io.hexmq.domain.auth.AuthTable;
import java.util.Optional;

/**
 * Durable home of the users and policies (RocketMQ 5.3 keeps them in its auth metadata store).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that table or
 * a later one, never a mix. Each save states the whole table, not a difference, so a decorator can
 * replicate it as it is. Cost: one synchronous write of the whole table per admin change.
 *
 * <p>Calls never overlap: {@link io.hexmq.domain.auth.AuthDirectory} saves one table at a time.
 * Failures surface as {@link io.hexmq.domain.auth.AuthStorageException}.
 */
public interface AuthStore {

    /** The last saved table, or empty when none was ever saved. */
    Optional<AuthTable> load();

    /** Replaces what is stored with {@code table}, durably, before returning. */
    void save(AuthTable table);
}
