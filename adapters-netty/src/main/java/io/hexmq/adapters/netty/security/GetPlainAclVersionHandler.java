package io.hexmq.adapters.netty.security;

import io.hexmq.application.auth.ReadPlainAcl;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.PlainAclJson;
import io.hexmq.remoting.header.PlainAclHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_CLUSTER_ACL_INFO (52), {@code mqadmin clusterAclConfigVersion}: the ACL file's DataVersion, the same
 * by the file's path, and the broker's cluster, name and address, all in the response header.
 */
public final class GetPlainAclVersionHandler implements RequestHandler {

    private final ReadPlainAcl read;
    private final String clusterName;
    private final String brokerName;
    private final String brokerAddress;

    public GetPlainAclVersionHandler(ReadPlainAcl read, String clusterName, String brokerName, String brokerAddress) {
        this.read = read;
        this.clusterName = clusterName;
        this.brokerName = brokerName;
        this.brokerAddress = brokerAddress;
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        ReadPlainAcl.Snapshot acl = read.read();
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(PlainAclHeader.VERSION, new String(CommonJson.dataVersion(acl.table().version()),
                        StandardCharsets.UTF_8))
                .extField(PlainAclHeader.ALL_ACL_FILE_VERSION,
                        PlainAclJson.allAclFileVersion(Map.of(acl.location(), acl.table().version())))
                .extField(PlainAclHeader.CLUSTER_NAME, clusterName)
                .extField(PlainAclHeader.BROKER_NAME, brokerName)
                .extField(PlainAclHeader.BROKER_ADDR, brokerAddress)
                .build());
    }
}
