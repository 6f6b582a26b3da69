package io.hexmq.application.fakes;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers every notification it was asked to send, in order. */
public final class RecordingConsumerNotifier implements ConsumerNotifier {

    /** One NOTIFY_CONSUMER_IDS_CHANGED fan-out. */
    public record Notification(GroupName group, Set<ConnectionId> members) {
    }

    /** One RESET_CONSUMER_CLIENT_OFFSET fan-out. */
    public record Reset(GroupName group, TopicName topic, long timestampMillis, Map<MessageQueue, Long> offsets,
            Set<ConnectionId> members) {
    }

    private final List<Notification> notifications = new CopyOnWriteArrayList<>();
    private final List<Reset> resets = new CopyOnWriteArrayList<>();

    @Override
    public void consumerIdsChanged(GroupName group, Set<ConnectionId> members) {
        notifications.add(new Notification(group, Set.copyOf(members)));
    }

    @Override
    public void offsetsReset(GroupName group, TopicName topic, long timestampMillis, Map<MessageQueue, Long> offsets,
            Set<ConnectionId> members) {
        resets.add(new Reset(group, topic, timestampMillis, Map.copyOf(offsets), Set.copyOf(members)));
    }

    public List<Notification> notifications() {
        return List.copyOf(notifications);
    }

    public List<Reset> resets() {
        return List.copyOf(resets);
    }

    public void clear() {
        notifications.clear();
        resets.clear();
    }
}
