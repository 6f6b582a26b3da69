package io.hexmq.adapters.netty.broker;

import com.google.gson.stream.JsonWriter;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.remoting.body.AdminJson;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.header.QueryConsumeQueueHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_CONSUME_QUEUE (321, {@code mqadmin queryCq}): header topic, queueId, index, count, consumerGroup
 * (optional). Answers a QueryConsumeQueueResponseBody ({@link AdminJson#consumeQueueAnswer}): the entries from
 * the index on, the queue's bounds and the named group's subscription, as RocketMQ does; SYSTEM_ERROR naming the
 * queue when the store holds none, SUCCESS without a body and with a remark when the index lies outside the
 * queue; for a named group without an online subscription, filterData says so.
 */
public final class QueryConsumeQueueHandler implements RequestHandler {

    private final QueryConsumeQueue queryConsumeQueue;

    public QueryConsumeQueueHandler(QueryConsumeQueue queryConsumeQueue) {
        this.queryConsumeQueue = Objects.requireNonNull(queryConsumeQueue, "queryConsumeQueue");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String topic = header.stringOf(QueryConsumeQueueHeader.TOPIC);
        int queueId = Headers.queueId(header, QueryConsumeQueueHeader.QUEUE_ID);
        long index = header.longOf(QueryConsumeQueueHeader.INDEX);
        Optional<GroupName> group = Headers.optionalGroup(header, QueryConsumeQueueHeader.CONSUMER_GROUP);
        Optional<QueryConsumeQueue.Result> found = queryConsumeQueue.query(new QueryConsumeQueue.Query(topic, queueId,
                index, header.intOf(QueryConsumeQueueHeader.COUNT), group));
        if (found.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, String.format("%d@%s is not exist!", queueId, topic));
        }
        QueryConsumeQueue.Result result = found.get();
        if (!result.indexFound()) {
            return Replies.answer(Replies.success(request)
                    .remark(String.format("Index %d of %d@%s is not exist!", index, queueId, topic)));
        }
        Optional<String> filterData = group.map(named -> filterData(named, topic, result.subscription()));
        List<AdminJson.ConsumeQueueEntry> entries = result.entries().stream().map(entry ->
                new AdminJson.ConsumeQueueEntry(entry.commitLogOffset(), entry.size(), entry.tagsCode())).toList();
        return Replies.answer(Replies.success(request).body(AdminJson.consumeQueueAnswer(new AdminJson.ConsumeQueueAnswer(
                filterData, result.minOffset(), result.maxOffset(), entries, result.subscription().map(ClientBodies::wire)))));
    }

    /**
     * RocketMQ's filterData: the group's SQL92 filter as JSON, {@code null} (the JSON text) for a tag
     * subscription, which needs no filter data, and a sentence when the group has no online subscription.
     */
    private static String filterData(GroupName group, String topic, Optional<Subscription> subscription) {
        if (subscription.isEmpty()) {
            return String.format("%s@%s is not online!", group.value(), topic);
        }
        if (subscription.get().expressionType() != ExpressionType.SQL92) {
            return "null";
        }
        return JsonBodies.text(json -> sql92Filter(json, group, subscription.get()));
    }

    private static void sql92Filter(JsonWriter json, GroupName group, Subscription subscription) throws IOException {
        json.beginObject().name("clientVersion").value(subscription.subVersion())
                .name("consumerGroup").value(group.value())
                .name("expression").value(subscription.subString())
                .name("expressionType").value(subscription.expressionType().name())
                .name("topic").value(subscription.topic().value())
                .endObject();
    }
}
