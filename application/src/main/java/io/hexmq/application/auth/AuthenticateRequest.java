package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.Authentication;
import io.hexmq.domain.auth.SignatureCheck;
import java.util.Objects;

/** A server learns who sent a request: the user it names, if that user signed it and is enabled. */
public final class AuthenticateRequest {

    private final AuthDirectory directory;

    public AuthenticateRequest(AuthDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /**
     * @param accessKey the user the request names, {@code null} when it names none
     * @param signature whether the request was signed with a given password
     */
    public Authentication authenticate(String accessKey, SignatureCheck signature) {
        return directory.snapshot().authenticate(accessKey, signature);
    }
}
