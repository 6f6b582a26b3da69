package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.UpdateGlobalWhiteAddresses;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.remoting.header.PlainAclHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.PlainAclCodes;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_GLOBAL_WHITE_ADDRS_CONFIG (53), {@code mqadmin updateGlobalWhiteAddr}: replaces the global white list
 * with the header's comma-separated addresses and writes {@code plain_acl.yml} back. A broker here has one ACL
 * file, so an {@code aclFileFullPath} naming another is refused (UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED).
 */
public final class UpdateGlobalWhiteAddressesHandler implements RequestHandler {

    private final UpdateGlobalWhiteAddresses update;
    private final Path aclFile;

    public UpdateGlobalWhiteAddressesHandler(UpdateGlobalWhiteAddresses update, Path aclFile) {
        this.update = update;
        this.aclFile = aclFile.toAbsolutePath().normalize();
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String named = header.stringOf(PlainAclHeader.ACL_FILE_FULL_PATH);
        if (named != null && !named.isBlank() && !Path.of(named).toAbsolutePath().normalize().equals(aclFile)) {
            return failed(request, "this broker keeps its ACL in " + aclFile + " only, not in " + named);
        }
        List<AddressPattern> addresses = new ArrayList<>();
        try {
            for (String address : header.stringOf(PlainAclHeader.GLOBAL_WHITE_ADDRS).split(",")) {
                if (!address.isBlank()) {
                    addresses.add(AddressPattern.parse(address));
                }
            }
            update.update(addresses);
        } catch (DomainException e) {
            return failed(request, e.getMessage());
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }

    private static CompletableFuture<RemotingCommand> failed(RemotingCommand request, String why) {
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request,
                PlainAclCodes.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED).remark(why).build());
    }
}
