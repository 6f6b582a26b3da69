package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200, {@code mqadmin updateSubGroup}): body SubscriptionGroupConfig
 * JSON, absent fields at RocketMQ's defaults; the 5.x retry policy, subscription set and attributes are
 * not kept. Answers SUCCESS.
 */
public final class UpdateAndCreateSubscriptionGroupHandler implements RequestHandler {

    private final CreateOrUpdateSubscriptionGroup createOrUpdateSubscriptionGroup;

    public UpdateAndCreateSubscriptionGroupHandler(CreateOrUpdateSubscriptionGroup createOrUpdateSubscriptionGroup) {
        this.createOrUpdateSubscriptionGroup =
                Objects.requireNonNull(createOrUpdateSubscriptionGroup, "createOrUpdateSubscriptionGroup");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(
                AdminBodies.parseSubscriptionGroupConfig(request.body())));
        return Replies.answer(Replies.success(request));
    }
}
