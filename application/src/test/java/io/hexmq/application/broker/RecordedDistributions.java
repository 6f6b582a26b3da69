package io.hexmq.application.broker;

import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link MessageSizes} and {@link TransactionLatencies} that keeps every recording, as {@code topic/type/bytes} and {@code topic/seconds}. */
public final class RecordedDistributions implements MessageSizes, TransactionLatencies {

    private final List<String> sizes = new CopyOnWriteArrayList<>();
    private final List<String> commits = new CopyOnWriteArrayList<>();

    @Override
    public void stored(TopicName topic, MessageType type, int bytes) {
        sizes.add(topic.value() + "/" + type.label() + "/" + bytes);
    }

    @Override
    public void committed(TopicName topic, long seconds) {
        commits.add(topic.value() + "/" + seconds);
    }

    public List<String> sizes() {
        return List.copyOf(sizes);
    }

    public List<String> commits() {
        return List.copyOf(commits);
    }
}
