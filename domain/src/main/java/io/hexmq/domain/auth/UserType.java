package io.hexmq.domain.auth;

/** A super user passes every authorization check; a normal user only what its policies allow. */
public enum UserType {
    SUPER, NORMAL
}
