package io.hexmq.adapters.console;

import io.hexmq.application.auth.AuthenticatePlainAccount;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.domain.auth.Authentication;
import io.hexmq.domain.auth.SignatureCheck;
import io.hexmq.domain.auth.plain.PlainVerdict;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * Who may use the console. Open, where the broker authenticates nobody; with ACL 2.0's authentication on, the
 * browser signs in with HTTP Basic as one of the broker's users (the same username and password the clients sign
 * requests with), and, with authorization on too, each page checks that user's policies; with ACL 1.0 on
 * ({@code aclEnable}), it signs in as one of {@code plain_acl.yml}'s accounts (access key as the user name, secret
 * key as the password), and each page checks what the broker checks of the request that does the same. Passwords
 * are compared in constant time.
 *
 * <p>Basic sends the password with every request, readable to anyone on the path: the console binds loopback
 * unless told otherwise; put TLS in front of it before binding anything else.
 */
public final class ConsoleAccess {

    static final String CHALLENGE = "Basic realm=\"hexmq console\", charset=\"UTF-8\"";
    private static final String BASIC = "Basic ";

    /** Who the credentials of a request from {@code source} sign in, or why they do not. */
    @FunctionalInterface
    private interface SignIn {
        Caller identify(String username, String password, InetAddress source);
    }

    private final Optional<SignIn> signIn;

    private ConsoleAccess(Optional<SignIn> signIn) {
        this.signIn = signIn;
    }

    /** No sign-in: the broker authenticates no one. */
    public static ConsoleAccess open() {
        return new ConsoleAccess(Optional.empty());
    }

    /** @param authorize empty when {@code authorizationEnabled} is off: any signed-in user may do anything */
    public static ConsoleAccess signIn(AuthenticateRequest authenticate, Optional<AuthorizeRequest> authorize) {
        Objects.requireNonNull(authenticate, "authenticate");
        Objects.requireNonNull(authorize, "authorize");
        return new ConsoleAccess(Optional.of((username, password, source) -> {
            Authentication result = authenticate.authenticate(username, sameAs(password));
            if (result instanceof Authentication.Accepted accepted) {
                return Caller.signedIn(accepted.user(), source, authorize);
            }
            throw new UnauthorizedException(((Authentication.Refused) result).remark());
        }));
    }

    /** Sign-in with ACL 1.0's accounts; every page then asks {@code authorize} as the broker's ACL 1.0 gate does. */
    public static ConsoleAccess plainAcl(AuthenticatePlainAccount authenticate, AuthorizePlainRequest authorize) {
        Objects.requireNonNull(authenticate, "authenticate");
        Objects.requireNonNull(authorize, "authorize");
        return new ConsoleAccess(Optional.of((accessKey, secretKey, source) -> {
            SignatureCheck secret = sameAs(secretKey);
            if (authenticate.authenticate(accessKey, secret) instanceof PlainVerdict.Refused refused) {
                throw new UnauthorizedException(refused.message());
            }
            return Caller.plainAccount(accessKey, secret, source, authorize);
        }));
    }

    /**
     * @param authorization the request's {@code Authorization} header, if it has one
     * @throws UnauthorizedException when a sign-in is needed and the header gives no valid one
     */
    Caller identify(Optional<String> authorization, InetAddress source) {
        if (signIn.isEmpty()) {
            return Caller.anyone(source);
        }
        String[] credentials = basicCredentials(authorization);
        return signIn.get().identify(credentials[0], credentials[1], source);
    }

    /** Whether a stored secret is {@code given}, compared in constant time so that timing tells nothing of it. */
    private static SignatureCheck sameAs(String given) {
        byte[] bytes = given.getBytes(StandardCharsets.UTF_8);
        return secret -> MessageDigest.isEqual(bytes, secret.getBytes(StandardCharsets.UTF_8));
    }

    private static String[] basicCredentials(Optional<String> authorization) {
        if (authorization.isEmpty() || !authorization.get().regionMatches(true, 0, BASIC, 0, BASIC.length())) {
            throw new UnauthorizedException("sign in as one of the broker's users or accounts");
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.get().substring(BASIC.length()).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            throw new UnauthorizedException("the credentials are not Base64");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new UnauthorizedException("the credentials are not username:password");
        }
        return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }
}
