package io.hexmq.domain.auth;

import java.util.Objects;

/** What a request needs to be allowed: an action on a resource (a send needs Pub on its topic). */
public record AccessNeed(Resource resource, Action action) {

    public AccessNeed {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(action, "action");
    }

    public static AccessNeed of(Resource resource, Action action) {
        return new AccessNeed(resource, action);
    }

    @Override
    public String toString() {
        return action.text() + " on " + resource;
    }
}
