package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * GET_CONSUME_STATS (208, {@code mqadmin consumerProgress}): header consumerGroup, topic (optional) or
 * the 5.x topicList ({@code ;}-separated); neither means every topic the group committed offsets on.
 * Answers ConsumeStats, with an empty table when nothing matched.
 */
public final class GetConsumeStatsHandler implements RequestHandler {

    private final GetConsumeStats getConsumeStats;

    public GetConsumeStatsHandler(GetConsumeStats getConsumeStats) {
        this.getConsumeStats = Objects.requireNonNull(getConsumeStats, "getConsumeStats");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String oneTopic = header.stringOf(ConsumerGroupHeader.TOPIC);
        String topics = oneTopic.isBlank() ? header.stringOf(ConsumerGroupHeader.TOPIC_LIST) : oneTopic;
        Set<TopicName> asked = Arrays.stream(topics.split(";"))
                .map(String::trim)
                .filter(topic -> !topic.isEmpty())
                .map(TopicName::new)
                .collect(Collectors.toSet());
        GetConsumeStats.Result stats = getConsumeStats.get(
                new GetConsumeStats.Command(Headers.group(header, ConsumerGroupHeader.CONSUMER_GROUP), asked));
        return Replies.answer(Replies.success(request).body(AdminBodies.consumeStats(stats.queues(), stats.consumeTps())));
    }
}
