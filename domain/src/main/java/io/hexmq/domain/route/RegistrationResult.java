package io.hexmq.domain.route;

import java.util.Objects;
import java.util.Optional;

/**
 * What a registration did. A slave whose master is registered and alive learns the master's
 * addresses, so that it can start replicating.
 *
 * @param masterAddress         the live master's remoting address, for a slave only
 * @param masterHaServerAddress the live master's HA address, for a slave only
 */
public record RegistrationResult(
        Outcome outcome, Optional<BrokerAddress> masterAddress, Optional<BrokerAddress> masterHaServerAddress) {

    public enum Outcome {
        REGISTERED,
        /**
         * A single-topic (incremental) registration arrived before the broker's first full one; nothing
         * changed. RocketMQ answers "register broker failed" and the broker's next full registration,
         * at most 30 s later, repairs it.
         */
        REJECTED_BEFORE_FIRST_FULL_REGISTRATION
    }

    public RegistrationResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(masterAddress, "masterAddress");
        Objects.requireNonNull(masterHaServerAddress, "masterHaServerAddress");
    }

    static RegistrationResult rejectedBeforeFirstFullRegistration() {
        return new RegistrationResult(Outcome.REJECTED_BEFORE_FIRST_FULL_REGISTRATION, Optional.empty(),
                Optional.empty());
    }

    public boolean isRegistered() {
        return outcome == Outcome.REGISTERED;
    }
}
