package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.domain.topic.TopicName;
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
        String topics = header.optionalString(Headers.TOPIC).filter(topic -> !topic.isBlank())
                .orElseGet(() -> header.optionalString("topicList").orElse(""));
        Set<TopicName> asked = Arrays.stream(topics.split(";"))
                .map(String::trim)
                .filter(topic -> !topic.isEmpty())
                .map(TopicName::new)
                .collect(Collectors.toSet());
        return Replies.answer(Replies.success(request).body(AdminBodies.consumeStats(getConsumeStats.get(
                new GetConsumeStats.Command(Headers.group(header, Headers.CONSUMER_GROUP), asked)))));
    }
}
