package io.hexmq.domain.kvconfig.port;

import io.hexmq.domain.kvconfig.KvConfigSnapshot;

/**
 * Durable home of the NameServer's KV config (RocketMQ keeps it in {@code ~/namesrv/kvConfig.json}).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load} — in this process or after a crash
 * and restart — returns that snapshot or a later one, never a mix of two. An adapter that writes files
 * therefore writes a temporary file, forces it, and renames it over the old one. Cost: one small
 * synchronous write per change; changes are rare admin actions, never on a request hot path.
 *
 * <p>Calls never overlap: {@link io.hexmq.domain.kvconfig.KvConfig} saves one snapshot at a time.
 * Failures surface as {@link io.hexmq.domain.kvconfig.KvConfigStorageException}.
 */
public interface KvConfigStore {

    /** The last saved snapshot, or {@link KvConfigSnapshot#EMPTY} when nothing was ever saved. */
    KvConfigSnapshot load();

    /** Replaces what is stored with {@code snapshot}, durably, before returning. */
    void save(KvConfigSnapshot snapshot);
}
