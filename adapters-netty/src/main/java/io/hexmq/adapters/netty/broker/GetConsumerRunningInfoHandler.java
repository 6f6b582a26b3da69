package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.broker.ClientAnswerReplies.AskedConsumer;
import io.hexmq.application.consumer.GetConsumerRunningInfo;
import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
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
        AskedConsumer asked = AskedConsumer.of(request.header());
        boolean withStacks = request.header().booleanOf(ConsumerCallHeader.JSTACK_ENABLE);
        return getConsumerRunningInfo.ask(new GetConsumerRunningInfo.Command(asked.group(), asked.clientId(), withStacks))
                .thenApply(answer -> ClientAnswerReplies.relay(request, answer, asked));
    }
}
