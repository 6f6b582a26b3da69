package io.hexmq.domain.auth.plain;

import java.util.Objects;

/** What ACL 1.0 says of a request: it may pass, or it is refused with RocketMQ 4.9's words. */
public sealed interface PlainVerdict {

    PlainVerdict ALLOWED = new Allowed();

    /** The request may pass. */
    record Allowed() implements PlainVerdict {
    }

    /** The request is refused; {@code message} names the account but never a secret. */
    record Refused(String message) implements PlainVerdict {
        public Refused {
            Objects.requireNonNull(message, "message");
        }
    }
}
