package io.hexmq.domain.auth.plain.port;

import io.hexmq.domain.auth.plain.PlainAclTable;
import java.util.Optional;

/**
 * Where ACL 1.0's accounts live: a file an operator edits by hand ({@code plain_acl.yml}) and the admin codes
 * write back.
 *
 * <p>Promise: after {@link #save} returns, the file holds that table whole (replaced atomically, so a crash
 * leaves the old file or the new one); {@link #loadIfChanged} notices any other writer's change. Cost: one read
 * of a small file per check. Failures surface as {@link io.hexmq.domain.auth.AuthStorageException} (a file that
 * cannot be read) or {@link io.hexmq.domain.auth.InvalidAuthDataException} (one that breaks the model's rules).
 */
public interface PlainAclStore {

    /** The file's table now; empty when there is no file. Remembers what it read for {@link #loadIfChanged}. */
    Optional<PlainAclTable> load();

    /** The file's table, if its content changed since this store last read or wrote it. */
    Optional<PlainAclTable> loadIfChanged();

    /** Replaces the file's content with {@code table}, durably, before returning. */
    void save(PlainAclTable table);

    /** The file, as the admin answers name it. */
    String location();
}
