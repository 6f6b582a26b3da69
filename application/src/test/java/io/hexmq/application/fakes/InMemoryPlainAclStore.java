package io.hexmq.application.fakes;

import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import java.util.Optional;

/** The ACL 1.0 file in memory: {@link #edit} stands for an operator's edit, {@link #breakFile} for a bad one. */
public final class InMemoryPlainAclStore implements PlainAclStore {

    private PlainAclTable saved;
    private PlainAclTable edited;
    private boolean broken;

    @Override
    public synchronized Optional<PlainAclTable> load() {
        return Optional.ofNullable(saved);
    }

    @Override
    public synchronized Optional<PlainAclTable> loadIfChanged() {
        if (broken) {
            broken = false;
            throw new AuthStorageException("the ACL file is not valid YAML", null);
        }
        Optional<PlainAclTable> changed = Optional.ofNullable(edited);
        changed.ifPresent(table -> saved = table);
        edited = null;
        return changed;
    }

    @Override
    public synchronized void save(PlainAclTable table) {
        saved = table;
    }

    @Override
    public String location() {
        return "memory:plain_acl.yml";
    }

    public synchronized Optional<PlainAclTable> saved() {
        return Optional.ofNullable(saved);
    }

    public synchronized void edit(PlainAclTable table) {
        edited = table;
    }

    public synchronized void breakFile() {
        broken = true;
    }
}
