package io.hexmq.application.fakes;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** Remembers registrations and unregistrations; answers with the replies and failures a test sets up. */
public final class RecordingNameServerGateway implements NameServerGateway {

    private final List<NameServerRegistration> registrations = new CopyOnWriteArrayList<>();
    private final List<BrokerIdentity> unregistrations = new CopyOnWriteArrayList<>();
    private volatile RegistrationOutcome outcome = new RegistrationOutcome(List.of(
            new NameServerReply("127.0.0.1:9876", Optional.empty(), Optional.empty(), Optional.empty())), List.of());

    @Override
    public RegistrationOutcome register(NameServerRegistration registration) {
        registrations.add(registration);
        return outcome;
    }

    @Override
    public void unregister(BrokerIdentity broker) {
        unregistrations.add(broker);
    }

    public void answerWith(List<NameServerReply> newReplies) {
        outcome = new RegistrationOutcome(newReplies, List.of());
    }

    /** From now on the NameServer at {@code nameServer} gives no answer, for {@code reason}. */
    public void goSilent(String nameServer, String reason) {
        outcome = new RegistrationOutcome(List.of(), List.of(new RegistrationOutcome.Failure(nameServer, reason)));
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
