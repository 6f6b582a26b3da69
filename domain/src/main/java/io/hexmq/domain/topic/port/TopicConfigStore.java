package io.hexmq.domain.topic.port;

import io.hexmq.domain.topic.TopicConfigTable;
import java.util.Optional;

/**
 * Durable home of a broker's topic table (RocketMQ keeps it in {@code config/topics.json}).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, in this process or after a crash and
 * restart, returns that table or a later one, never a mix of two; a save that did not return (a crash during
 * it, or a failure) leaves the table of the save before it. A save is durable before it returns (forced to
 * the disk, not only written), so a topic answered as created survives a killed process and a power loss.
 *
 * <p>Cost: a save is given the whole table and may store only what it changed since the table saved before
 * (the file adapter appends the topics created, changed and deleted, and the new version, and forces that:
 * one small write and one force a save, whatever the table's size), then rewrites the whole table now and then,
 * off the saving thread. Changes are admin actions, first sends to new topics and first heartbeats of new
 * groups, never one per message; the first sends of a burst share saves
 * ({@link io.hexmq.domain.topic.TopicTable#stageFromDefault}), since each save waits for the disk.
 *
 * <p>Calls never overlap: {@link io.hexmq.domain.topic.TopicTable} saves one table at a time. Failures
 * surface as {@link io.hexmq.domain.topic.TopicConfigStorageException}.
 */
public interface TopicConfigStore {

    /** The last saved table, or empty when none was ever saved (a broker's first start). */
    Optional<TopicConfigTable> load();

    /** Makes {@code table} what is stored, durably, before returning. */
    void save(TopicConfigTable table);
}
