package io.hexmq.domain.broker;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/** What one broker said of itself when asked for its runtime figures (GET_BROKER_RUNTIME_INFO), or why it said nothing. */
public sealed interface BrokerReport {

    /** @param runtime the broker's runtime table as it sent it, sorted by key */
    record Answered(Map<String, String> runtime) implements BrokerReport {

        public Answered {
            runtime = Collections.unmodifiableSortedMap(new TreeMap<>(runtime));
        }

        public Optional<String> figure(String key) {
            return Optional.ofNullable(runtime.get(key));
        }
    }

    /** @param reason why there is no answer (refused, down, silent past the timeout), in words for an operator */
    record Unreachable(String reason) implements BrokerReport {

        public Unreachable {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
