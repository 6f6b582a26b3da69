package io.hexmq.domain.auth;

import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a request needs to be allowed: any one of {@code anyOf} on {@code resource} (a send needs Pub on its
 * topic; a route lookup any of Pub, Sub or Get on it), as RocketMQ's request contexts state it.
 */
public record AccessNeed(Resource resource, Set<Action> anyOf) {

    public AccessNeed {
        Objects.requireNonNull(resource, "resource");
        anyOf = Set.copyOf(anyOf);
        if (anyOf.isEmpty()) {
            throw new IllegalArgumentException("an access need names at least one action");
        }
    }

    public static AccessNeed of(Resource resource, Action... anyOf) {
        return new AccessNeed(resource, Set.of(anyOf));
    }

    @Override
    public String toString() {
        return anyOf.stream().map(Action::text).sorted().collect(Collectors.joining("|")) + " on " + resource;
    }
}
