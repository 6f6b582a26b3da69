package io.hexmq.client.internal.relay;

import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Finds the push consumer an admin's relayed question is for: the one of the request's
 * {@code consumerGroup} in this client. A group without one here (no consumer, or a pull consumer) is
 * answered SYSTEM_ERROR with a remark naming group and client, as the official client refuses it.
 *
 * @param clientId this client's id, for the remark
 * @param byGroup  the answers of the group's push consumer, if it has one here
 */
public record PushConsumerLookup(String clientId, Function<String, Optional<ConsumerAdminAnswers>> byGroup) {

    CompletableFuture<RemotingCommand> ask(RemotingCommand request,
                                           Function<ConsumerAdminAnswers, CompletableFuture<RemotingCommand>> question) {
        String group = request.header().stringOf(ConsumerCallHeader.CONSUMER_GROUP);
        return byGroup.apply(group).map(question).orElseGet(() -> CompletableFuture.completedFuture(
                RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                        .remark("consumer group " + group + " has no push consumer in client " + clientId)
                        .build()));
    }
}
