package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.domain.auth.plain.PlainRequest;
import io.hexmq.domain.auth.plain.PlainVerdict;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.protocol.PlainAclCodes;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestGate;
import io.hexmq.remoting.protocol.RequestSignature;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;

/**
 * ACL 1.0 ({@code aclEnable=true}) before every request of a broker, as RocketMQ 4.9's {@code PlainAccessValidator}:
 * the account {@code AccessKey} names, its signature ({@link RequestSignature}, as for 2.0), its white-listed
 * addresses, its {@code admin} flag for the admin-only codes, its permissions on the topics and groups the request
 * touches ({@link AccessNeeds}, the same map 2.0 uses). A refusal is answered as 4.9 answers an
 * {@code AclException}: SYSTEM_ERROR with the exception's text as the remark; it is audited and the connection
 * stays open.
 *
 * <p>Which codes are admin-only is {@link PlainAclCodes#adminOnly}'s to say (the console asks it too).
 */
public final class PlainAclGate implements RequestGate {

    /** How a 4.9 broker prints the exception it refuses with; clients and scripts match on it. */
    static final String REMARK_PREFIX = "org.apache.rocketmq.acl.common.AclException: ";
    private static final long AUDIT_WINDOW_MILLIS = 1_000;
    private static final int AUDIT_LINES = 20;

    private final AuthorizePlainRequest authorize;
    private final AccessNeeds needs = new AccessNeeds();
    private final RefusalAudit audit;

    public PlainAclGate(AuthorizePlainRequest authorize, Clock clock) {
        this(authorize, new RefusalAudit(clock, AUDIT_WINDOW_MILLIS, AUDIT_LINES));
    }

    PlainAclGate(AuthorizePlainRequest authorize, RefusalAudit audit) {
        this.authorize = authorize;
        this.audit = audit;
    }

    @Override
    public Optional<RemotingCommand> refusal(RemotingCommand request, RequestContext context) {
        String accessKey = request.extFields().get(RequestSignature.ACCESS_KEY);
        PlainVerdict verdict = authorize.check(new PlainRequest(accessKey,
                secret -> RequestSignature.verifies(request, secret), context.remoteAddress().getAddress(),
                needs.of(request), PlainAclCodes.adminOnly(request.code()), request.code()));
        if (verdict instanceof PlainVerdict.Refused refused) {
            audit.refused(request.code(), context.remoteAddress(), accessKey, refused.message());
            return Optional.of(RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                    .remark(REMARK_PREFIX + refused.message()).build());
        }
        return Optional.empty();
    }
}
