package io.hexmq.domain.route;

import io.hexmq.domain.topic.DataVersion;
import java.util.Objects;
import java.util.Optional;

/**
 * A broker asked whether the NameServer holds its current topic-config version.
 *
 * @param changed            true when the NameServer's version differs or it has none: the broker
 *                           should register in full
 * @param nameServerVersion  the version the NameServer holds for that broker, if it knows the broker
 */
public record DataVersionCheck(boolean changed, Optional<DataVersion> nameServerVersion) {

    public DataVersionCheck {
        Objects.requireNonNull(nameServerVersion, "nameServerVersion");
    }
}
