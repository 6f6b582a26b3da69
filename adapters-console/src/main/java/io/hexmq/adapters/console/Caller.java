package io.hexmq.adapters.console;

import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.SignatureCheck;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.plain.PlainRequest;
import io.hexmq.domain.auth.plain.PlainVerdict;
import io.hexmq.remoting.protocol.PlainAclCodes;
import java.net.InetAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Who a console request is from, and what they may do: with ACL 2.0 on, a signed-in user whose policies are checked
 * for each change or lookup exactly as for the admin request that does the same ({@code OperationNeeds}); with ACL
 * 1.0 on, a signed-in account checked as the broker checks that request signed with the account's secret from the
 * browser's address (admin flag, topic and group permissions, white lists); without either, anyone who reaches the
 * port.
 */
final class Caller {

    /** Why the request that does a console action would be refused; empty when it would pass. */
    @FunctionalInterface
    private interface Judge {
        Optional<String> refusal(int requestCode, AccessNeed need);
    }

    private final Optional<String> username;
    private final Judge judge;

    private Caller(Optional<String> username, Judge judge) {
        this.username = username;
        this.judge = judge;
    }

    static Caller anyone(InetAddress source) {
        return new Caller(Optional.empty(), (requestCode, need) -> Optional.empty());
    }

    /** @param authorize empty when authorization is off: a signed-in user may then do anything */
    static Caller signedIn(User user, InetAddress source, Optional<AuthorizeRequest> authorize) {
        return new Caller(Optional.of(user.username().value()), (requestCode, need) -> authorize
                .flatMap(policies -> policies.firstRefused(user, List.of(need), source))
                .map(refused -> "user " + user.username().value() + " may not " + refused.anyOf().stream()
                        .map(Action::text).sorted().collect(Collectors.joining(" or ")) + " " + refused.resource()));
    }

    /** @param secret whether a secret is the one the account signed in with */
    static Caller plainAccount(String accessKey, SignatureCheck secret, InetAddress source,
            AuthorizePlainRequest authorize) {
        Objects.requireNonNull(authorize, "authorize");
        return new Caller(Optional.of(accessKey), (requestCode, need) -> {
            PlainVerdict verdict = authorize.check(new PlainRequest(accessKey, secret, source, List.of(need),
                    PlainAclCodes.adminOnly(requestCode), requestCode));
            return verdict instanceof PlainVerdict.Refused refused ? Optional.of(refused.message()) : Optional.empty();
        });
    }

    Optional<String> username() {
        return username;
    }

    /**
     * @param requestCode the admin request that does what the console is about to do, as the broker would judge it
     * @throws ForbiddenException when that request would be refused for {@code need}
     */
    void require(int requestCode, AccessNeed need) {
        Optional<String> refusal = judge.refusal(requestCode, need);
        if (refusal.isPresent()) {
            throw new ForbiddenException(refusal.get());
        }
    }
}
