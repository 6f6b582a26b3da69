package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.DirectConsumption;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.port.ConsumerClients;
import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Asks a consumer client over its own connection, as RocketMQ's broker does on an admin's behalf:
 * GET_CONSUMER_RUNNING_INFO (307; header {@code consumerGroup}, {@code clientId}, {@code jstackEnable})
 * and CONSUME_MESSAGE_DIRECTLY (309; header {@code consumerGroup}, {@code clientId}, {@code msgId},
 * {@code brokerName} = this broker, {@code topic} when the admin named one; body the stored record).
 *
 * <p>The call is asynchronous: the future completes on the connection's I/O thread when the client
 * answers, or when the 10 s the broker allows run out. A client answer other than SUCCESS is
 * {@link ClientAnswer.Status#REFUSED} with the client's remark.
 */
public final class NettyConsumerClients implements ConsumerClients {

    /** How long a client may take to answer, as RocketMQ's broker waits for it. */
    static final long CALL_TIMEOUT_MILLIS = 10_000;

    private final ClientChannels channels;

    public NettyConsumerClients(ClientChannels channels) {
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public CompletableFuture<ClientAnswer> runningInfo(ConnectionId consumer, GroupName group, ClientId clientId,
            boolean withStacks) {
        return call(consumer, group, clientId, RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO)
                .extField(ConsumerCallHeader.CONSUMER_GROUP, group.value())
                .extField(ConsumerCallHeader.CLIENT_ID, clientId.value())
                .extField(ConsumerCallHeader.JSTACK_ENABLE, withStacks)
                .build());
    }

    @Override
    public CompletableFuture<ClientAnswer> consumeDirectly(ConnectionId consumer, DirectConsumption request) {
        RemotingCommand.Builder call = RemotingCommand.request(RequestCode.CONSUME_MESSAGE_DIRECTLY)
                .extField(ConsumerCallHeader.CONSUMER_GROUP, request.group().value())
                .extField(ConsumerCallHeader.CLIENT_ID, request.clientId().value())
                .extField(ConsumerCallHeader.MSG_ID, request.msgId())
                .extField(ConsumerCallHeader.BROKER_NAME, request.broker().value())
                .body(bytes(request.storedMessage()));
        request.topic().ifPresent(topic -> call.extField(ConsumerCallHeader.TOPIC, topic.value()));
        return call(consumer, request.group(), request.clientId(), call.build());
    }

    private CompletableFuture<ClientAnswer> call(ConnectionId consumer, GroupName group, ClientId clientId,
            RemotingCommand request) {
        Optional<RemotingPeer> peer = channels.find(consumer).filter(RemotingPeer::isActive);
        if (peer.isEmpty()) {
            return CompletableFuture.completedFuture(ClientAnswer.notOnline(group, clientId));
        }
        CompletableFuture<RemotingCommand> answered;
        try {
            answered = peer.get().invoke(request, CALL_TIMEOUT_MILLIS);
        } catch (RuntimeException e) {
            answered = CompletableFuture.failedFuture(e);
        }
        return answered.handle((response, failure) -> failure == null ? answer(response) : unanswered(failure));
    }

    private static ClientAnswer answer(RemotingCommand response) {
        if (response.code() != ResponseCode.SUCCESS) {
            return ClientAnswer.unanswered(ClientAnswer.Status.REFUSED,
                    Objects.requireNonNullElse(response.remark(), "the client answered code " + response.code()));
        }
        return ClientAnswer.answered(Objects.requireNonNullElse(response.body(), new byte[0]));
    }

    private static ClientAnswer unanswered(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        ClientAnswer.Status status = cause instanceof RemotingTimeoutException
                ? ClientAnswer.Status.TIMED_OUT : ClientAnswer.Status.FAILED;
        return ClientAnswer.unanswered(status, cause.toString());
    }

    private static byte[] bytes(ByteBuffer record) {
        byte[] body = new byte[record.remaining()];
        record.get(record.position(), body);
        return body;
    }
}
