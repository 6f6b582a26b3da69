package io.hexmq.domain.topic;

import java.util.Objects;
import java.util.Optional;

/**
 * What came of asking for a topic that may not exist yet: it was there, it was created, or why it
 * could not be. Refusals are values, because a send to an unknown topic is an ordinary event.
 *
 * @param config the topic's config when {@link #isAvailable()}
 * @param reason why not, when refused; empty otherwise
 */
public record TopicCreation(Status status, Optional<TopicConfig> config, String reason) {

    public enum Status {
        /** The topic was already there; nothing changed. */
        EXISTED,
        /** The topic was created by this call; the broker should tell the NameServers. */
        CREATED,
        /** The default (template) topic named by the request is not hosted here. */
        DEFAULT_TOPIC_MISSING,
        /** The default topic exists but lacks PERM_INHERIT, or auto-create is switched off. */
        DEFAULT_TOPIC_NOT_INHERITABLE
    }

    public TopicCreation {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(reason, "reason");
        boolean available = status == Status.EXISTED || status == Status.CREATED;
        if (available != config.isPresent()) {
            throw new IllegalArgumentException(status + " must " + (available ? "" : "not ") + "carry a config");
        }
    }

    static TopicCreation existed(TopicConfig config) {
        return new TopicCreation(Status.EXISTED, Optional.of(config), "");
    }

    static TopicCreation created(TopicConfig config) {
        return new TopicCreation(Status.CREATED, Optional.of(config), "");
    }

    static TopicCreation refused(Status status, String reason) {
        return new TopicCreation(status, Optional.empty(), reason);
    }

    public boolean isAvailable() {
        return config.isPresent();
    }

    public boolean isCreated() {
        return status == Status.CREATED;
    }
}
