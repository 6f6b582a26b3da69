package io.hexmq.domain.auth;

/**
 * Whether a request was signed with a given secret. The wire adapter knows how a request is signed; the
 * model only asks, with the password of the user the request names.
 */
@FunctionalInterface
public interface SignatureCheck {

    boolean signedWith(String secret);
}
