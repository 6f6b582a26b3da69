package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.QueryConsumerOffset;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.header.OffsetResponseHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_CONSUMER_OFFSET (14): header consumerGroup, topic, queueId, setZeroIfNotFound (5.x; absent
 * means true). Answers SUCCESS with response header {@code offset}, or QUERY_NOT_FOUND when the group
 * has no offset there (the client then starts where its consumeFromWhere says).
 */
public final class QueryConsumerOffsetHandler implements RequestHandler {

    private final QueryConsumerOffset queryConsumerOffset;

    public QueryConsumerOffsetHandler(QueryConsumerOffset queryConsumerOffset) {
        this.queryConsumerOffset = Objects.requireNonNull(queryConsumerOffset, "queryConsumerOffset");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        QueryConsumerOffset.Command query = new QueryConsumerOffset.Command(
                Headers.group(header, ConsumerOffsetHeader.CONSUMER_GROUP),
                Headers.topic(header, ConsumerOffsetHeader.TOPIC), Headers.queueId(header, ConsumerOffsetHeader.QUEUE_ID),
                header.booleanOf(ConsumerOffsetHeader.SET_ZERO_IF_NOT_FOUND));
        OptionalLong offset = queryConsumerOffset.query(query);
        if (offset.isEmpty()) {
            return Replies.failure(request, ResponseCode.QUERY_NOT_FOUND, "Not found, no offset of group "
                    + query.group() + " on queue " + query.queueId() + " of topic " + query.topic());
        }
        return Replies.answer(Replies.success(request).extField(OffsetResponseHeader.OFFSET, offset.getAsLong()));
    }
}
