package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.QueryMessages;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.remoting.header.MessageLookupHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_MESSAGE (12): header topic, key, maxNum, beginTimestamp, endTimestamp; ext field
 * {@code _UNIQUE_KEY_QUERY} "true" looks up the UNIQ_KEY, anything else the KEYS. Answers SUCCESS with
 * response header indexLastUpdateTimestamp and indexLastUpdatePhyoffset and the matching stored records
 * back to back as the body, or QUERY_NOT_FOUND with the official remark when nothing matches.
 *
 * <p>The body is the store's views of the records, not a copy, as a pull's is: see
 * {@link PullMessageHandler} for why a view stays valid however late the answer is written.
 */
public final class QueryMessageHandler implements RequestHandler {

    private final QueryMessages queryMessages;

    public QueryMessageHandler(QueryMessages queryMessages) {
        this.queryMessages = Objects.requireNonNull(queryMessages, "queryMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        QueryMessages.Query query = new QueryMessages.Query(header.stringOf(MessageLookupHeader.TOPIC),
                header.stringOf(MessageLookupHeader.KEY), header.intOf(MessageLookupHeader.MAX_NUM),
                header.longOf(MessageLookupHeader.BEGIN_TIMESTAMP), header.longOf(MessageLookupHeader.END_TIMESTAMP),
                "true".equals(header.stringOf(MessageLookupHeader.UNIQUE_KEY_QUERY)));
        QueryResult result = queryMessages.query(query);
        if (result.messages().isEmpty()) {
            return Replies.failure(request, ResponseCode.QUERY_NOT_FOUND,
                    "can not find message, maybe time range not correct");
        }
        return Replies.answer(Replies.success(request)
                .extField("indexLastUpdateTimestamp", result.indexLastUpdateTimestamp())
                .extField("indexLastUpdatePhyoffset", result.indexLastUpdatePhyoffset())
                .bodyViews(result.messages()));
    }
}
