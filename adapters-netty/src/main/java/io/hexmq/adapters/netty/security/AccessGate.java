package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.AuthSettings;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Authentication;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestGate;
import io.hexmq.remoting.protocol.RequestSignature;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;
import java.util.Set;

/**
 * The check every request of a server passes before its handler, when {@code authenticationEnabled}: the
 * user its {@code AccessKey} names must exist, be enabled and have signed it
 * ({@link RequestSignature}); then, when {@code authorizationEnabled}, that user's policies must allow
 * what the request needs ({@link AccessNeeds}), and only super users may manage users and policies. A
 * refusal is answered NO_PERMISSION with RocketMQ's remark and written to the {@link RefusalAudit}; the
 * connection stays open. Codes in {@code authenticationWhitelist} pass unchecked.
 */
public final class AccessGate implements RequestGate {

    /** How often the audit writes at most {@link #AUDIT_LINES} lines. */
    private static final long AUDIT_WINDOW_MILLIS = 1_000;
    private static final int AUDIT_LINES = 20;

    private final AuthenticateRequest authenticate;
    private final AuthorizeRequest authorize;
    private final AuthSettings settings;
    private final Set<Integer> whitelist;
    private final AccessNeeds needs = new AccessNeeds();
    private final RefusalAudit audit;

    public AccessGate(AuthenticateRequest authenticate, AuthorizeRequest authorize, AuthSettings settings,
                      Set<Integer> whitelist, Clock clock) {
        this(authenticate, authorize, settings, whitelist, new RefusalAudit(clock, AUDIT_WINDOW_MILLIS, AUDIT_LINES));
    }

    AccessGate(AuthenticateRequest authenticate, AuthorizeRequest authorize, AuthSettings settings,
               Set<Integer> whitelist, RefusalAudit audit) {
        this.authenticate = authenticate;
        this.authorize = authorize;
        this.settings = settings;
        this.whitelist = Set.copyOf(whitelist);
        this.audit = audit;
    }

    @Override
    public Optional<RemotingCommand> refusal(RemotingCommand request, RequestContext context) {
        if (!settings.authenticationEnabled() || whitelist.contains(request.code())) {
            return Optional.empty();
        }
        String claimed = request.extFields().get(RequestSignature.ACCESS_KEY);
        Authentication authentication = authenticate.authenticate(claimed,
                secret -> RequestSignature.verifies(request, secret));
        if (authentication instanceof Authentication.Refused refused) {
            return Optional.of(refuse(request, context, claimed, refused.remark()));
        }
        User user = ((Authentication.Accepted) authentication).user();
        if (!settings.authorizationEnabled()) {
            return Optional.empty();
        }
        if (managesAuth(request.code()) && !user.isSuper()) {
            return Optional.of(refuse(request, context, claimed,
                    "User:" + user.username() + " is not a super user; only super users manage users and ACLs."));
        }
        Optional<AccessNeed> refusedNeed = authorize.firstRefused(user, needs.of(request),
                context.remoteAddress().getAddress());
        return refusedNeed.map(need -> refuse(request, context, claimed, "User:" + user.username()
                + " has no permission to " + need + " from " + context.remoteAddress().getAddress().getHostAddress()
                + "."));
    }

    private RemotingCommand refuse(RemotingCommand request, RequestContext context, String claimed, String remark) {
        audit.refused(request.code(), context.remoteAddress(), claimed, remark);
        return RemotingCommand.responseTo(request, ResponseCode.NO_PERMISSION).remark(remark).build();
    }

    private static boolean managesAuth(int code) {
        return code >= RequestCode.AUTH_CREATE_USER && code <= RequestCode.AUTH_LIST_ACL;
    }
}
