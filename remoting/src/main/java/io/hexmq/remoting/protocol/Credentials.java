package io.hexmq.remoting.protocol;

import java.util.Objects;

/**
 * What a client signs its requests with: RocketMQ's {@code SessionCredentials}, an access key (the user
 * name) and a secret key (the password). The secret never leaves this value except into the HMAC key.
 */
public record Credentials(String accessKey, String secretKey) {

    public Credentials {
        Objects.requireNonNull(accessKey, "accessKey");
        Objects.requireNonNull(secretKey, "secretKey");
        if (accessKey.isBlank() || secretKey.isEmpty()) {
            throw new IllegalArgumentException("access key and secret key must not be blank");
        }
    }

    /** Names the access key only: records print their components, and the secret must not be printed. */
    @Override
    public String toString() {
        return "Credentials[accessKey=" + accessKey + ", secretKey=***]";
    }
}
