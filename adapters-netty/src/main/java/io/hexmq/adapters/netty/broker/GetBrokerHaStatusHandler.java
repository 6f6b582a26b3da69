package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.GetBrokerHaStatus;
import io.hexmq.remoting.body.AdminJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_HA_STATUS (907, {@code mqadmin haStatus}): no header. A master answers an HARuntimeInfo
 * ({@link AdminJson#haRuntimeInfo}): no slave connections, and the client part a slave would fill left at its
 * defaults, as RocketMQ's master sends it. A replica of a broker group answers SYSTEM_ERROR, as RocketMQ's
 * broker without an HA service (on DLedger) does, with a remark saying why.
 */
public final class GetBrokerHaStatusHandler implements RequestHandler {

    static final String NO_MASTER_SLAVE_HA = "Can not get HARuntimeInfo: this broker is a replica of a hexmq"
            + " broker group, which replicates by its Raft log rather than master-slave HA";

    private final GetBrokerHaStatus getBrokerHaStatus;

    public GetBrokerHaStatusHandler(GetBrokerHaStatus getBrokerHaStatus) {
        this.getBrokerHaStatus = Objects.requireNonNull(getBrokerHaStatus, "getBrokerHaStatus");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        Optional<GetBrokerHaStatus.MasterStatus> status = getBrokerHaStatus.get();
        if (status.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, NO_MASTER_SLAVE_HA);
        }
        return Replies.answer(Replies.success(request).body(AdminJson.haRuntimeInfo(new AdminJson.HaRuntime(true,
                status.get().commitLogMaxOffset(), status.get().inSyncSlaves()))));
    }
}
