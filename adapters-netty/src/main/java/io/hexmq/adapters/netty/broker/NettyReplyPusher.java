package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import io.hexmq.domain.message.port.ReplyPusher;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pushes a reply over the requester's own connection as PUSH_REPLY_MESSAGE_TO_CLIENT (326), a request
 * the client answers: header as RocketMQ's ReplyMessageRequestHeader, the fully spelt
 * {@link SendMessageHeader} fields plus {@code bornHost} and {@code storeHost} as {@code ip:port} and
 * {@code storeTimestamp}; body the reply's.
 *
 * <p>The client has 10 s to answer. A failed or refused push is logged here, once, at warn level; the
 * connection is found in {@link ClientChannels}, so it must have heartbeated.
 */
public final class NettyReplyPusher implements ReplyPusher {

    /** How long the requester may take to confirm a reply, as RocketMQ's broker waits. */
    static final long PUSH_TIMEOUT_MILLIS = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(NettyReplyPusher.class);

    private final ClientChannels channels;
    private final long timeoutMillis;

    public NettyReplyPusher(ClientChannels channels) {
        this(channels, PUSH_TIMEOUT_MILLIS);
    }

    NettyReplyPusher(ClientChannels channels, long timeoutMillis) {
        this.channels = Objects.requireNonNull(channels, "channels");
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public CompletableFuture<ReplyOutcome> push(ConnectionId requester, Reply reply) {
        Optional<RemotingPeer> peer = channels.find(requester).filter(RemotingPeer::isActive);
        if (peer.isEmpty()) {
            LOG.warn("Reply to connection {} not pushed: the connection is gone", requester);
            return CompletableFuture.completedFuture(ReplyOutcome.CONNECTION_GONE);
        }
        CompletableFuture<RemotingCommand> answered;
        try {
            answered = peer.get().invoke(request(reply), timeoutMillis);
        } catch (RuntimeException e) {
            answered = CompletableFuture.failedFuture(e);
        }
        return answered.handle((response, failure) -> {
            if (failure != null) {
                LOG.warn("Pushing a reply to connection {} failed: {}", requester, failure.toString());
                return ReplyOutcome.FAILED;
            }
            if (response.code() != ResponseCode.SUCCESS) {
                LOG.warn("Connection {} refused a reply with code {}: {}", requester, response.code(),
                        response.remark());
                return ReplyOutcome.FAILED;
            }
            return ReplyOutcome.DELIVERED;
        });
    }

    static RemotingCommand request(Reply reply) {
        return RemotingCommand.request(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT)
                .extField(SendMessageHeader.PRODUCER_GROUP, reply.producerGroup())
                .extField(SendMessageHeader.TOPIC, reply.topic())
                .extField(SendMessageHeader.DEFAULT_TOPIC, reply.defaultTopic())
                .extField(SendMessageHeader.DEFAULT_TOPIC_QUEUE_NUMS, reply.defaultTopicQueueNums())
                .extField(SendMessageHeader.QUEUE_ID, reply.queueId())
                .extField(SendMessageHeader.SYS_FLAG, reply.sysFlag())
                .extField(SendMessageHeader.BORN_TIMESTAMP, reply.bornTimestamp())
                .extField(SendMessageHeader.FLAG, reply.flag())
                .extField(SendMessageHeader.PROPERTIES, reply.properties())
                .extField(SendMessageHeader.RECONSUME_TIMES, reply.reconsumeTimes())
                .extField(SendMessageHeader.UNIT_MODE, reply.unitMode())
                // ip:port, which the client splits at the last colon
                .extField("bornHost", reply.bornHost().toString())
                .extField("storeHost", reply.storeHost().toString())
                .extField("storeTimestamp", reply.storeTimestamp())
                .body(reply.body())
                .build();
    }
}
