package io.hexmq.client.internal.relay;

import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * GET_CONSUMER_RUNNING_INFO (307), relayed by a broker for {@code mqadmin consumerStatus}: header
 * {@code consumerGroup}, {@code clientId}, {@code jstackEnable}. Answers the group's push consumer's
 * {@link RunningInfo}, with every thread's stack only when {@code jstackEnable} asks for them (taking
 * them stops each thread for a moment).
 */
public record RunningInfoRequests(PushConsumerLookup consumers, Supplier<String> threadStacks) implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        boolean withStacks = request.header().booleanOf(ConsumerCallHeader.JSTACK_ENABLE);
        return consumers.ask(request, consumer -> {
            RunningInfo info = consumer.runningInfo().get();
            byte[] body = (withStacks ? info.withJstack(threadStacks.get()) : info).toJson();
            return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                    .body(body)
                    .build());
        });
    }
}
