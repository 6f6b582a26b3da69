package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetSubscriptionGroups;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201): answers SubscriptionGroupWrapper, every group config with the
 * table's DataVersion; 5.x paging fields are ignored (the whole table is sent).
 */
public final class GetAllSubscriptionGroupConfigHandler implements RequestHandler {

    private final GetSubscriptionGroups getSubscriptionGroups;

    public GetAllSubscriptionGroupConfigHandler(GetSubscriptionGroups getSubscriptionGroups) {
        this.getSubscriptionGroups = Objects.requireNonNull(getSubscriptionGroups, "getSubscriptionGroups");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request)
                .body(AdminBodies.subscriptionGroupWrapper(getSubscriptionGroups.get())));
    }
}
