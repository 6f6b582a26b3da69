package io.hexmq.application.fakes;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.port.NameServerGateway;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers registrations and unregistrations; answers with replies a test sets up. */
public final class RecordingNameServerGateway implements NameServerGateway {

    private final List<NameServerRegistration> registrations = new CopyOnWriteArrayList<>();
    private final List<BrokerIdentity> unregistrations = new CopyOnWriteArrayList<>();
    private volatile List<NameServerReply> replies = List.of(
            new NameServerReply("127.0.0.1:9876", Optional.empty(), Optional.empty(), Optional.empty()));

    @Override
    public List<NameServerReply> register(NameServerRegistration registration) {
        registrations.add(registration);
        return replies;
    }

    @Override
    public void unregister(BrokerIdentity broker) {
        unregistrations.add(broker);
    }

    public void answerWith(List<NameServerReply> newReplies) {
        replies = List.copyOf(newReplies);
    }

    public List<NameServerRegistration> registrations() {
        return List.copyOf(registrations);
    }

    public NameServerRegistration lastRegistration() {
        return registrations.get(registrations.size() - 1);
    }

    public List<BrokerIdentity> unregistrations() {
        return List.copyOf(unregistrations);
    }
}
