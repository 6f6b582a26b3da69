package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the broker's hints to consumers over their own connections, oneway, as RocketMQ does:
 * NOTIFY_CONSUMER_IDS_CHANGED (header {@code consumerGroup}) and RESET_CONSUMER_CLIENT_OFFSET (header
 * {@code topic}, {@code group}, {@code timestamp}, {@code isForce}; body ResetOffsetBody). A member whose
 * connection is unknown or closed is skipped; a failed write is logged at debug level and dropped.
 * Nothing here blocks: a oneway write is queued on the connection's I/O thread.
 */
public final class NettyConsumerNotifier implements ConsumerNotifier {

    private static final Logger LOG = LoggerFactory.getLogger(NettyConsumerNotifier.class);

    private final ClientChannels channels;

    public NettyConsumerNotifier(ClientChannels channels) {
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public void consumerIdsChanged(GroupName group, Set<ConnectionId> members) {
        RemotingCommand notification = RemotingCommand.request(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED)
                .extField(ConsumerGroupHeader.CONSUMER_GROUP, group.value())
                .oneway()
                .build();
        sendToEach(notification, members);
    }

    @Override
    public void offsetsReset(GroupName group, TopicName topic, long timestampMillis, Map<MessageQueue, Long> offsets,
            Set<ConnectionId> members) {
        // isForce is false: the offsets are decided here, the clients only apply them.
        RemotingCommand reset = RemotingCommand.request(RequestCode.RESET_CONSUMER_CLIENT_OFFSET)
                .extField(ResetOffsetHeader.TOPIC, topic.value())
                .extField(ResetOffsetHeader.GROUP, group.value())
                .extField(ResetOffsetHeader.TIMESTAMP, timestampMillis)
                .extField(ResetOffsetHeader.IS_FORCE, false)
                .body(AdminBodies.resetOffsetBody(offsets))
                .oneway()
                .build();
        sendToEach(reset, members);
    }

    private void sendToEach(RemotingCommand request, Set<ConnectionId> members) {
        for (ConnectionId member : members) {
            Optional<RemotingPeer> peer = channels.find(member).filter(RemotingPeer::isActive);
            if (peer.isEmpty()) {
                LOG.debug("Skipping request code {} to {}: connection gone", request.code(), member);
                continue;
            }
            try {
                peer.get().invokeOneway(request).whenComplete((ignored, failure) -> {
                    if (failure != null) {
                        LOG.debug("Request code {} to {} failed: {}", request.code(), member, failure.toString());
                    }
                });
            } catch (RuntimeException e) {
                LOG.debug("Request code {} to {} failed: {}", request.code(), member, e.toString());
            }
        }
    }
}
