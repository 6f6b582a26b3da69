package io.hexmq.domain.auth;

import java.util.Objects;

/** What authenticating a request gave: the user it is from, or why it is refused. */
public sealed interface Authentication {

    /** The request is from {@code user}, who signed it. */
    record Accepted(User user) implements Authentication {
        public Accepted {
            Objects.requireNonNull(user, "user");
        }
    }

    /**
     * The request is refused; {@code claimed} is the access key it named ({@code null} when none), for the
     * audit log.
     */
    record Refused(Refusal reason, String claimed) implements Authentication {
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }

        /** What the client is told, in RocketMQ's words; names the user but never a secret. */
        public String remark() {
            return reason.remarkFor(claimed);
        }
    }

    /** Why a request is refused. */
    enum Refusal {
        NO_CREDENTIALS, UNKNOWN_USER, DISABLED_USER, BAD_SIGNATURE;

        String remarkFor(String claimed) {
            return switch (this) {
                case NO_CREDENTIALS -> "username cannot be null.";
                case UNKNOWN_USER -> "User:" + claimed + " is not found.";
                case DISABLED_USER -> "User:" + claimed + " is disabled.";
                case BAD_SIGNATURE -> "check signature failed.";
            };
        }
    }
}
