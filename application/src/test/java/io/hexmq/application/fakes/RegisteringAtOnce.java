package io.hexmq.application.fakes;

import io.hexmq.application.broker.RegisterBrokerWithNameServers;
import io.hexmq.domain.broker.port.RegistrationDemand;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Makes at once, on the marking thread, the registration that the registrar's next round would make,
 * so a test reads what the NameServers are told right after the change; a waiting mark's round has
 * then already ended.
 */
public final class RegisteringAtOnce implements RegistrationDemand {

    private final RegisterBrokerWithNameServers registration;

    public RegisteringAtOnce(RegisterBrokerWithNameServers registration) {
        this.registration = Objects.requireNonNull(registration, "registration");
    }

    @Override
    public void topicsChanged() {
        registration.register();
    }

    @Override
    public CompletionStage<Void> topicsChangedAwaitingRound() {
        registration.register();
        return CompletableFuture.completedStage(null);
    }
}
