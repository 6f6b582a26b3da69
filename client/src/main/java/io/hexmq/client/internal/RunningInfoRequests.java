package io.hexmq.client.internal;

import io.hexmq.adapters.netty.protocol.RemotingCommand;
import io.hexmq.adapters.netty.protocol.RequestContext;
import io.hexmq.adapters.netty.protocol.RequestHandler;
import io.hexmq.adapters.netty.protocol.ResponseCode;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * GET_CONSUMER_RUNNING_INFO (307), relayed by a broker for {@code mqadmin consumerStatus}: header
 * {@code consumerGroup}, {@code clientId}, {@code jstackEnable}. Answers the group's push consumer's
 * {@link RunningInfo}, with every thread's stack only when {@code jstackEnable} asks for them (taking
 * them stops each thread for a moment); SYSTEM_ERROR when the group has no push consumer here.
 */
record RunningInfoRequests(String clientId, Function<String, Optional<ConsumerAdminAnswers>> consumers,
                           Supplier<String> threadStacks) implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String group = request.header().requiredString("consumerGroup");
        Optional<ConsumerAdminAnswers> consumer = consumers.apply(group);
        if (consumer.isEmpty()) {
            return CompletableFuture.completedFuture(ConsumerAdminAnswers.noPushConsumer(request, group, clientId));
        }
        RunningInfo info = consumer.get().runningInfo().get();
        if (request.header().optionalBoolean("jstackEnable", false)) {
            info = info.withJstack(threadStacks.get());
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .body(info.toJson())
                .build());
    }
}
