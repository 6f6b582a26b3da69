package io.hexmq.domain.consumer;

import io.hexmq.domain.connection.ConnectionId;
import java.util.Objects;

/**
 * One client as a group member: the connection it heartbeats over, who it says it is, and when the
 * broker last heard from it.
 *
 * @param language            the client's language code as sent ({@code JAVA}, {@code CPP}, ...)
 * @param version             the client's {@code MQVersion} ordinal
 * @param lastHeartbeatMillis when its last heartbeat arrived; silent members expire
 */
public record ClientConnection(
        ConnectionId connection,
        ClientId clientId,
        String language,
        int version,
        long lastHeartbeatMillis) {

    public ClientConnection {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(language, "language");
    }

    boolean isSilentSince(long deadlineMillis) {
        return lastHeartbeatMillis < deadlineMillis;
    }
}
