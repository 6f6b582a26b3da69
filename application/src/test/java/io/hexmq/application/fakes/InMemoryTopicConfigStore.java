package io.hexmq.application.fakes;

import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Keeps the last saved topic table in memory; can be told to fail its next save. */
public final class InMemoryTopicConfigStore implements TopicConfigStore {

    private volatile TopicConfigTable saved;
    private volatile boolean failNextSave;
    private final AtomicInteger saves = new AtomicInteger();

    @Override
    public Optional<TopicConfigTable> load() {
        return Optional.ofNullable(saved);
    }

    @Override
    public void save(TopicConfigTable table) {
        if (failNextSave) {
            failNextSave = false;
            throw new TopicConfigStorageException("simulated save failure", new IOException("disk full"));
        }
        saved = table;
        saves.incrementAndGet();
    }

    public void failNextSave() {
        failNextSave = true;
    }

    public int saveCount() {
        return saves.get();
    }
}
