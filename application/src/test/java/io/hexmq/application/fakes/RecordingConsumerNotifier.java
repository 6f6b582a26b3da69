package io.hexmq.application.fakes;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers every notification it was asked to send, in order. */
public final class RecordingConsumerNotifier implements ConsumerNotifier {

    /** One NOTIFY_CONSUMER_IDS_CHANGED fan-out. */
    public record Notification(GroupName group, Set<ConnectionId> members) {
    }

    private final List<Notification> notifications = new CopyOnWriteArrayList<>();

    @Override
    public void consumerIdsChanged(GroupName group, Set<ConnectionId> members) {
        notifications.add(new Notification(group, Set.copyOf(members)));
    }

    public List<Notification> notifications() {
        return List.copyOf(notifications);
    }

    public void clear() {
        notifications.clear();
    }
}
