package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.GetPollingInfo;
import io.hexmq.application.pop.PopMessages;
import io.hexmq.remoting.header.PopQueueHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** POLLING_INFO (200055), header {@link PopQueueHeader}: SUCCESS with {@code pollingNum}. */
public final class PollingInfoHandler implements RequestHandler {

    private final GetPollingInfo getPollingInfo;

    public PollingInfoHandler(GetPollingInfo getPollingInfo) {
        this.getPollingInfo = Objects.requireNonNull(getPollingInfo, "getPollingInfo");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        GetPollingInfo.Result result = getPollingInfo.get(new GetPollingInfo.Command(
                header.stringOf(PopQueueHeader.CONSUMER_GROUP),
                header.stringOf(PopQueueHeader.TOPIC),
                header.intOf(PopQueueHeader.QUEUE_ID)));
        RemotingCommand.Builder response = RemotingCommand.responseTo(request, PopMessageHandler.code(result.status()))
                .remark(result.remark());
        if (result.status() == PopMessages.Status.FOUND) {
            response.extField(PopQueueHeader.POLLING_NUM, result.pollingNum());
        }
        return Replies.answer(response);
    }
}
