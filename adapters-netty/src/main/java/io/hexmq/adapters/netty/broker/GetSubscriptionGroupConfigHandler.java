package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetSubscriptionGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_SUBSCRIPTIONGROUP_CONFIG (352): header group; answers that group's SubscriptionGroupConfig, or
 * SUBSCRIPTION_GROUP_NOT_EXIST naming the group when it has none and none may be created: as in RocketMQ,
 * reading creates an unknown group with the defaults where consuming would (autoCreateSubscriptionGroup).
 */
public final class GetSubscriptionGroupConfigHandler implements RequestHandler {

    private final GetSubscriptionGroup getSubscriptionGroup;

    public GetSubscriptionGroupConfigHandler(GetSubscriptionGroup getSubscriptionGroup) {
        this.getSubscriptionGroup = Objects.requireNonNull(getSubscriptionGroup, "getSubscriptionGroup");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GroupName group = Headers.group(request.header(), Headers.GROUP);
        Optional<SubscriptionGroupConfig> config = getSubscriptionGroup.get(new GetSubscriptionGroup.Command(group));
        if (config.isEmpty()) {
            return Replies.failure(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "No group in this broker: " + group.value());
        }
        return Replies.answer(Replies.success(request).body(AdminBodies.subscriptionGroupConfig(config.get())));
    }
}
