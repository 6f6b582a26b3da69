package io.hexmq.domain.auth;

import java.util.Objects;

/** A resource one request touches: a topic, a group, a namespace or the cluster, by name. */
public record Resource(ResourceType type, String name) {

    public Resource {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
    }

    public static Resource topic(String name) {
        return new Resource(ResourceType.TOPIC, name);
    }

    public static Resource group(String name) {
        return new Resource(ResourceType.GROUP, name);
    }

    public static Resource cluster(String name) {
        return new Resource(ResourceType.CLUSTER, name);
    }

    @Override
    public String toString() {
        return type.text() + ":" + name;
    }
}
