package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST (225, {@code mqadmin updateSubGroupList}): no header; the body a
 * SubscriptionGroupList ({@link ConfigListBodies}), each group as UPDATE_AND_CREATE_SUBSCRIPTIONGROUP takes
 * it. The whole body is read before any group is stored, so a malformed entry changes nothing. Answers
 * SUCCESS.
 */
public final class UpdateAndCreateSubscriptionGroupListHandler implements RequestHandler {

    private final CreateOrUpdateSubscriptionGroup createOrUpdateSubscriptionGroup;

    public UpdateAndCreateSubscriptionGroupListHandler(CreateOrUpdateSubscriptionGroup createOrUpdateSubscriptionGroup) {
        this.createOrUpdateSubscriptionGroup =
                Objects.requireNonNull(createOrUpdateSubscriptionGroup, "createOrUpdateSubscriptionGroup");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        List<SubscriptionGroupConfig> groups = ConfigListBodies.parseSubscriptionGroupList(request.body());
        for (SubscriptionGroupConfig group : groups) {
            createOrUpdateSubscriptionGroup.createOrUpdate(new CreateOrUpdateSubscriptionGroup.Command(group));
        }
        return Replies.answer(Replies.success(request));
    }
}
