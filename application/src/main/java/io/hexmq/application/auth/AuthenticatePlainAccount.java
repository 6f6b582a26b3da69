package io.hexmq.application.auth;

import io.hexmq.domain.auth.SignatureCheck;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainVerdict;
import java.util.Objects;

/**
 * Someone signs in as an ACL 1.0 account ({@code aclEnable}) where there is no request to sign, the web console:
 * the access key must name an account of the current {@code plain_acl.yml} and the secret must be its secret key,
 * from any address (a sign-in names who it is, so no white list stands in for it).
 */
public final class AuthenticatePlainAccount {

    private final PlainAclDirectory directory;

    public AuthenticatePlainAccount(PlainAclDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /** @param secret compares a given secret with the account's (in constant time, where it is a password) */
    public PlainVerdict authenticate(String accessKey, SignatureCheck secret) {
        return directory.snapshot().authenticate(accessKey, secret);
    }
}
