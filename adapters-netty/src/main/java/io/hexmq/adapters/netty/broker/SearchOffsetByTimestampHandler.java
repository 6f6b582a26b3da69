package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.remoting.header.OffsetResponseHeader;
import io.hexmq.remoting.header.QueueOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29): header topic, queueId, timestamp (5.x boundaryType is answered as
 * lower); answers {@code offset}, the first message stored at or after the time.
 */
public final class SearchOffsetByTimestampHandler implements RequestHandler {

    private final SearchOffsetByTimestamp useCase;

    public SearchOffsetByTimestampHandler(SearchOffsetByTimestamp useCase) {
        this.useCase = Objects.requireNonNull(useCase, "useCase");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        long value = useCase.search(new SearchOffsetByTimestamp.Query(header.stringOf(QueueOffsetHeader.TOPIC),
                header.intOf(QueueOffsetHeader.QUEUE_ID), header.longOf(QueueOffsetHeader.TIMESTAMP)));
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(OffsetResponseHeader.OFFSET, value)
                .build());
    }
}
