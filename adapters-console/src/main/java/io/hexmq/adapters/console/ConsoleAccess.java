package io.hexmq.adapters.console;

import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.domain.auth.Authentication;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * Who may use the console. Open, where the broker authenticates nobody; with ACL 2.0's authentication on, the
 * browser signs in with HTTP Basic as one of the broker's users (the same username and password the clients sign
 * requests with), and, with authorization on too, each page checks that user's policies.
 *
 * <p>Basic sends the password with every request, readable to anyone on the path: the console binds loopback
 * unless told otherwise; put TLS in front of it before binding anything else.
 */
public final class ConsoleAccess {

    static final String CHALLENGE = "Basic realm=\"hexmq console\", charset=\"UTF-8\"";
    private static final String BASIC = "Basic ";

    private final Optional<AuthenticateRequest> authenticate;
    private final Optional<AuthorizeRequest> authorize;

    private ConsoleAccess(Optional<AuthenticateRequest> authenticate, Optional<AuthorizeRequest> authorize) {
        this.authenticate = authenticate;
        this.authorize = authorize;
    }

    /** No sign-in: the broker authenticates no one. */
    public static ConsoleAccess open() {
        return new ConsoleAccess(Optional.empty(), Optional.empty());
    }

    /** @param authorize empty when {@code authorizationEnabled} is off: any signed-in user may do anything */
    public static ConsoleAccess signIn(AuthenticateRequest authenticate, Optional<AuthorizeRequest> authorize) {
        return new ConsoleAccess(Optional.of(Objects.requireNonNull(authenticate, "authenticate")),
                Objects.requireNonNull(authorize, "authorize"));
    }

    /**
     * @param authorization the request's {@code Authorization} header, if it has one
     * @throws UnauthorizedException when a sign-in is needed and the header gives no valid one
     */
    Caller identify(Optional<String> authorization, InetAddress source) {
        if (authenticate.isEmpty()) {
            return Caller.anyone(source);
        }
        String[] credentials = basicCredentials(authorization);
        byte[] given = credentials[1].getBytes(StandardCharsets.UTF_8);
        Authentication result = authenticate.get().authenticate(credentials[0],
                password -> MessageDigest.isEqual(given, password.getBytes(StandardCharsets.UTF_8)));
        if (result instanceof Authentication.Accepted accepted) {
            return Caller.signedIn(accepted.user(), source, authorize);
        }
        throw new UnauthorizedException(((Authentication.Refused) result).remark());
    }

    private static String[] basicCredentials(Optional<String> authorization) {
        if (authorization.isEmpty() || !authorization.get().regionMatches(true, 0, BASIC, 0, BASIC.length())) {
            throw new UnauthorizedException("sign in as one of the broker's users");
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
