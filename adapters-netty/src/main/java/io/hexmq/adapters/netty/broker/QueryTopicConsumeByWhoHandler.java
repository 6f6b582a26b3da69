package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetGroupsConsumingTopic;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300, DefaultMQAdminExt.queryTopicConsumeByWho, which asks every broker
 * of the topic's route): header topic; answers a GroupList of the groups consuming it here, empty when
 * none.
 */
public final class QueryTopicConsumeByWhoHandler implements RequestHandler {

    private final GetGroupsConsumingTopic getGroupsConsumingTopic;

    public QueryTopicConsumeByWhoHandler(GetGroupsConsumingTopic getGroupsConsumingTopic) {
        this.getGroupsConsumingTopic = Objects.requireNonNull(getGroupsConsumingTopic, "getGroupsConsumingTopic");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GetGroupsConsumingTopic.Query query = new GetGroupsConsumingTopic.Query(
                Headers.topic(request.header(), TopicHeader.TOPIC));
        return Replies.answer(Replies.success(request).body(AdminBodies.groupList(getGroupsConsumingTopic.groups(query))));
    }
}
