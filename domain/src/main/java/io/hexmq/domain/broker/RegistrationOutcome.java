package io.hexmq.domain.broker;

import java.util.List;
import java.util.Objects;

/**
 * What one registration with the NameServers came to: the answers of those that answered, and for
 * each one that did not (down, silent until the timeout, refusing, answering garbage) why not.
 *
 * @param replies  the answers, in the order the NameServers are configured
 * @param failures the NameServers that gave no usable answer, in the same order
 */
public record RegistrationOutcome(List<NameServerReply> replies, List<Failure> failures) {

    /**
     * @param nameServer the NameServer ({@code host:port})
     * @param reason     why it gave no answer, in words for a log line
     */
    public record Failure(String nameServer, String reason) {

        public Failure {
            Objects.requireNonNull(nameServer, "nameServer");
            Objects.requireNonNull(reason, "reason");
        }
    }

    public RegistrationOutcome {
        replies = List.copyOf(replies);
        failures = List.copyOf(failures);
    }

    /** Whether every NameServer answered. */
    public boolean reachedAll() {
        return failures.isEmpty();
    }
}
