package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.QueryMessages;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.remoting.header.MessageLookupHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_MESSAGE (12): header topic, key, maxNum, beginTimestamp, endTimestamp and 5.5's indexType (K the
 * KEYS, U the UNIQ_KEY, T the tag; absent means K); ext field {@code _UNIQUE_KEY_QUERY} "true" looks up
 * the UNIQ_KEY whatever indexType says, as RocketMQ's broker does. Answers SUCCESS with response header
 * indexLastUpdateTimestamp and indexLastUpdatePhyoffset and the matching stored records back to back as
 * the body, or QUERY_NOT_FOUND with the official remark when nothing matches.
 *
 * <p>An indexType hexmq does not know answers QUERY_NOT_FOUND too, its remark naming the type: RocketMQ
 * finds nothing for one either (its RocksDB index refuses it; behind its index files the official
 * client's filter drops every message found), so a client sees what RocketMQ would show it.
 *
 * <p>The body is the store's views of the records, not a copy, as a pull's is: see
 * {@link PullMessageHandler} for why a view stays valid however late the answer is written.
 */
public final class QueryMessageHandler implements RequestHandler {

    private static final String KNOWN_INDEX_TYPES = MessageLookupHeader.INDEX_TYPE_KEYS + ", "
            + MessageLookupHeader.INDEX_TYPE_UNIQUE_KEY + " or " + MessageLookupHeader.INDEX_TYPE_TAG;

    private final QueryMessages queryMessages;

    public QueryMessageHandler(QueryMessages queryMessages) {
        this.queryMessages = Objects.requireNonNull(queryMessages, "queryMessages");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String requestedType = header.stringOf(MessageLookupHeader.INDEX_TYPE);
        Optional<IndexType> type = "true".equals(header.stringOf(MessageLookupHeader.UNIQUE_KEY_QUERY))
                ? Optional.of(IndexType.UNIQUE_KEY) : indexType(requestedType);
        if (type.isEmpty()) {
            return Replies.failure(request, ResponseCode.QUERY_NOT_FOUND,
                    "unknown indexType " + requestedType + ", expected " + KNOWN_INDEX_TYPES);
        }
        QueryMessages.Query query = new QueryMessages.Query(header.stringOf(MessageLookupHeader.TOPIC), type.get(),
                header.stringOf(MessageLookupHeader.KEY), header.intOf(MessageLookupHeader.MAX_NUM),
                header.longOf(MessageLookupHeader.BEGIN_TIMESTAMP), header.longOf(MessageLookupHeader.END_TIMESTAMP));
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

    /** The index an indexType value names; empty means KEYS, as older clients leave it out. */
    static Optional<IndexType> indexType(String value) {
        return switch (value) {
            case "", MessageLookupHeader.INDEX_TYPE_KEYS -> Optional.of(IndexType.KEYS);
            case MessageLookupHeader.INDEX_TYPE_UNIQUE_KEY -> Optional.of(IndexType.UNIQUE_KEY);
            case MessageLookupHeader.INDEX_TYPE_TAG -> Optional.of(IndexType.TAG);
            default -> Optional.empty();
        };
    }
}
