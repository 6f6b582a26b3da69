package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import java.util.Optional;

/**
 * What a request needs of a topic or group in ACL 1.0's terms, read from the ACL 2.0 {@link AccessNeed} the
 * same request has: a need that Pub or Sub satisfies alike (a route lookup) is ANY; one of Pub only, PUB; of
 * Sub only (Sub or Get, Sub or Update...), SUB. Needs without Pub or Sub (create, delete, reset) have no 1.0
 * permission: the account's {@code admin} flag governs the request codes behind them.
 */
public enum PlainNeed {
    PUB, SUB, ANY;

    public static Optional<PlainNeed> of(AccessNeed need) {
        boolean pub = need.anyOf().contains(Action.PUB);
        boolean sub = need.anyOf().contains(Action.SUB);
        if (pub && sub) {
            return Optional.of(ANY);
        }
        if (pub) {
            return Optional.of(PUB);
        }
        return sub ? Optional.of(SUB) : Optional.empty();
    }
}
