package io.hexmq.domain.auth;

/** A disabled user is refused at authentication, whatever it signs with. */
public enum UserStatus {
    ENABLE, DISABLE
}
