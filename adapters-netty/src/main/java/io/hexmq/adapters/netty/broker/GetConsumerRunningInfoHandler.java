package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.protocol.HeaderReader;
import io.hexmq.adapters.netty.protocol.RemotingCommand;
import io.hexmq.adapters.netty.protocol.RequestContext;
import io.hexmq.adapters.netty.protocol.RequestHandler;
import io.hexmq.application.consumer.GetConsumerRunningInfo;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_CONSUMER_RUNNING_INFO (307, {@code mqadmin consumerStatus}): header consumerGroup, clientId,
 * jstackEnable. Relays the question to that client and answers with the client's ConsumerRunningInfo
 * JSON as it came, or an error as {@link ClientAnswerReplies} describes. The answer is written when the
 * client answers: no thread waits for it.
 */
public final class GetConsumerRunningInfoHandler implements RequestHandler {

    private final GetConsumerRunningInfo getConsumerRunningInfo;

    public GetConsumerRunningInfoHandler(GetConsumerRunningInfo getConsumerRunningInfo) {
        this.getConsumerRunningInfo = Objects.requireNonNull(getConsumerRunningInfo, "getConsumerRunningInfo");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        GroupName group = Headers.group(header, Headers.CONSUMER_GROUP);
        ClientId clientId = new ClientId(header.requiredString(NettyConsumerClients.CLIENT_ID));
        return getConsumerRunningInfo.ask(new GetConsumerRunningInfo.Command(group, clientId,
                        header.optionalBoolean("jstackEnable", false)))
                .thenApply(answer -> ClientAnswerReplies.relay(request, answer, group, clientId));
    }
}
