package io.hexmq.adapters.console;

import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.User;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Who a console request is from, and what they may do: with ACL 2.0 on, a signed-in user whose policies are checked
 * for each change or lookup exactly as for the admin request that does the same ({@code OperationNeeds}); without
 * it, anyone who reaches the port.
 */
final class Caller {

    private final Optional<User> user;
    private final InetAddress source;
    private final Optional<AuthorizeRequest> authorize;

    private Caller(Optional<User> user, InetAddress source, Optional<AuthorizeRequest> authorize) {
        this.user = user;
        this.source = source;
        this.authorize = authorize;
    }

    static Caller anyone(InetAddress source) {
        return new Caller(Optional.empty(), source, Optional.empty());
    }

    /** @param authorize empty when authorization is off: a signed-in user may then do anything */
    static Caller signedIn(User user, InetAddress source, Optional<AuthorizeRequest> authorize) {
        return new Caller(Optional.of(user), source, authorize);
    }

    Optional<String> username() {
        return user.map(signedIn -> signedIn.username().value());
    }

    /** @throws ForbiddenException when the user's policies do not allow {@code need} from where they are */
    void require(AccessNeed need) {
        if (user.isEmpty() || authorize.isEmpty()) {
            return;
        }
        Optional<AccessNeed> refused = authorize.get().firstRefused(user.get(), List.of(need), source);
        if (refused.isPresent()) {
            throw new ForbiddenException("user " + user.get().username().value() + " may not "
                    + refused.get().anyOf().stream().map(Action::text).sorted().collect(Collectors.joining(" or "))
                    + " " + refused.get().resource());
        }
    }
}
