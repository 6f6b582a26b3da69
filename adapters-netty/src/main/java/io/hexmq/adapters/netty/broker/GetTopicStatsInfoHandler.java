package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_TOPIC_STATS_INFO (202, {@code mqadmin topicStatus}): header topic; answers TopicStatsTable (min,
 * max and newest store time per queue), or TOPIC_NOT_EXIST when the topic is not hosted here.
 */
public final class GetTopicStatsInfoHandler implements RequestHandler {

    private final GetTopicStats getTopicStats;

    public GetTopicStatsInfoHandler(GetTopicStats getTopicStats) {
        this.getTopicStats = Objects.requireNonNull(getTopicStats, "getTopicStats");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        TopicName topic = Headers.topic(request.header(), TopicHeader.TOPIC);
        Optional<List<GetTopicStats.QueueStats>> stats = getTopicStats.get(new GetTopicStats.Command(topic));
        if (stats.isEmpty()) {
            return Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
        }
        return Replies.answer(Replies.success(request).body(AdminBodies.topicStatsTable(stats.get())));
    }
}
