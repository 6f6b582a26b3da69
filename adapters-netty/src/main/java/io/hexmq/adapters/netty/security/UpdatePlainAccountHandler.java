package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.UpdatePlainAccount;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.remoting.header.PlainAclHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.PlainAclCodes;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_ACL_CONFIG (50), {@code mqadmin updateAclConfig}: creates or changes the account the header
 * names and writes {@code plain_acl.yml} back. Answers SUCCESS, or UPDATE_AND_CREATE_ACL_CONFIG_FAILED with why
 * (never the secret).
 */
public final class UpdatePlainAccountHandler implements RequestHandler {

    private final UpdatePlainAccount update;

    public UpdatePlainAccountHandler(UpdatePlainAccount update) {
        this.update = update;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        RemotingCommand response;
        try {
            update.update(new UpdatePlainAccount.Command(header.stringOf(PlainAclHeader.ACCESS_KEY),
                    present(header.stringOf(PlainAclHeader.SECRET_KEY)),
                    present(header.stringOf(PlainAclHeader.WHITE_REMOTE_ADDRESS)).map(AddressPattern::parse),
                    header.booleanOf(PlainAclHeader.ADMIN),
                    present(header.stringOf(PlainAclHeader.DEFAULT_TOPIC_PERM)).map(PlainPerm::parse),
                    present(header.stringOf(PlainAclHeader.DEFAULT_GROUP_PERM)).map(PlainPerm::parse),
                    present(header.stringOf(PlainAclHeader.TOPIC_PERMS)).map(UpdatePlainAccountHandler::perms),
                    present(header.stringOf(PlainAclHeader.GROUP_PERMS)).map(UpdatePlainAccountHandler::perms)));
            response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
        } catch (DomainException e) {
            response = RemotingCommand.responseTo(request, PlainAclCodes.UPDATE_AND_CREATE_ACL_CONFIG_FAILED)
                    .remark(e.getMessage()).build();
        }
        return CompletableFuture.completedFuture(response);
    }

    /** The client joins a list with commas; an empty list arrives as an empty text and means "leave as is". */
    private static Optional<String> present(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    /** {@code topicA=PUB,topicB=SUB|PUB}: the header's comma-joined {@code name=PERM} list. */
    static Map<String, PlainPerm> perms(String text) {
        Map<String, PlainPerm> perms = new LinkedHashMap<>();
        for (String entry : text.split(",")) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new InvalidAuthDataException("permission '" + entry.trim()
                        + "' is not name=PERM, e.g. topicA=SUB");
            }
            perms.put(entry.substring(0, equals).trim(), PlainPerm.parse(entry.substring(equals + 1)));
        }
        return perms;
    }
}
