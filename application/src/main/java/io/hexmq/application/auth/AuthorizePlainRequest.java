package io.hexmq.application.auth;

import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainRequest;
import io.hexmq.domain.auth.plain.PlainVerdict;
import java.util.Objects;

/**
 * A broker with ACL 1.0 on ({@code aclEnable}) decides whether a request may pass: its account, signature,
 * address, admin flag and topic and group permissions, from the current {@code plain_acl.yml}.
 */
public final class AuthorizePlainRequest {

    private final PlainAclDirectory directory;

    public AuthorizePlainRequest(PlainAclDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    public PlainVerdict check(PlainRequest request) {
        return directory.snapshot().check(request);
    }
}
