package io.hexmq.domain.topic.port;

import io.hexmq.domain.topic.TopicConfigTable;
import java.util.Optional;

/**
 * Durable home of a broker's topic table (RocketMQ keeps it in {@code config/topics.json}).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, in this process or after a crash and
 * restart, returns that table or a later one, never a mix of two; a file adapter writes a temporary
 * file, forces it and renames it over the old one. Cost: one synchronous write of the whole table per
 * save. Changes are admin actions, first sends to new topics and first heartbeats of new groups,
 * never one per message; the first sends of a burst share saves
 * ({@link io.hexmq.domain.topic.TopicTable#stageFromDefault}), since a save costs more the more topics
 * there are.
 *
 * <p>Calls never overlap: {@link io.hexmq.domain.topic.TopicTable} saves one table at a time. Failures
 * surface as {@link io.hexmq.domain.topic.TopicConfigStorageException}.
 */
public interface TopicConfigStore {

    /** The last saved table, or empty when none was ever saved (a broker's first start). */
    Optional<TopicConfigTable> load();

    /** Replaces what is stored with {@code table}, durably, before returning. */
    void save(TopicConfigTable table);
}
