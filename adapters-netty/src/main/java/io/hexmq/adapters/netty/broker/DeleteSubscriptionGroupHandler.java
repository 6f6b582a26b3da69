package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.DeleteSubscriptionGroup;
import io.hexmq.remoting.header.SubscriptionGroupHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * DELETE_SUBSCRIPTIONGROUP (207, {@code mqadmin deleteSubGroup}): header groupName, cleanOffset (default
 * false: the group's committed offsets stay). Answers SUCCESS, also for a group without config.
 */
public final class DeleteSubscriptionGroupHandler implements RequestHandler {

    private final DeleteSubscriptionGroup deleteSubscriptionGroup;

    public DeleteSubscriptionGroupHandler(DeleteSubscriptionGroup deleteSubscriptionGroup) {
        this.deleteSubscriptionGroup = Objects.requireNonNull(deleteSubscriptionGroup, "deleteSubscriptionGroup");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        deleteSubscriptionGroup.delete(new DeleteSubscriptionGroup.Command(Headers.group(header, SubscriptionGroupHeader.GROUP_NAME),
                header.optionalBoolean("cleanOffset", false)));
        return Replies.answer(Replies.success(request));
    }
}
