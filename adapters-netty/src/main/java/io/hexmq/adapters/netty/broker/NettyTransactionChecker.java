package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.transaction.TransactionCheck;
import io.hexmq.domain.transaction.port.TransactionChecker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends CHECK_TRANSACTION_STATE (39) oneway to one live producer of the group (protocol.md §2.3.5):
 * header topic, tranStateTableOffset, commitLogOffset, msgId, transactionId, offsetMsgId, bname; body
 * the half message in store encoding. The member is picked at random among those whose connection is
 * open, so checks spread over a group's producers. A failed write is logged at debug level: the half
 * message is checked again at the next round anyway.
 */
public final class NettyTransactionChecker implements TransactionChecker {

    private static final Logger LOG = LoggerFactory.getLogger(NettyTransactionChecker.class);

    private final ProducerGroups producers;
    private final ClientChannels channels;

    public NettyTransactionChecker(ProducerGroups producers, ClientChannels channels) {
        this.producers = Objects.requireNonNull(producers, "producers");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public boolean check(GroupName producerGroup, TransactionCheck check) {
        Optional<RemotingPeer> peer = livePeer(producers.members(producerGroup));
        if (peer.isEmpty()) {
            LOG.debug("No live producer of group {} to check transaction {}", producerGroup.value(), check.msgId());
            return false;
        }
        RemotingCommand request = RemotingCommand.request(RequestCode.CHECK_TRANSACTION_STATE)
                .extField("topic", check.realTopic())
                .extField("tranStateTableOffset", check.tranStateTableOffset())
                .extField("commitLogOffset", check.commitLogOffset())
                .extField("msgId", check.msgId())
                .extField("transactionId", check.transactionId())
                .extField("offsetMsgId", check.offsetMsgId())
                .extField("bname", check.brokerName())
                .body(check.body())
                .oneway()
                .build();
        try {
            peer.get().invokeOneway(request).whenComplete((ignored, failure) -> {
                if (failure != null) {
                    LOG.debug("Transaction check {} to {} failed: {}", check.msgId(), peer.get().remoteAddress(),
                            failure.toString());
                }
            });
            return true;
        } catch (RuntimeException e) {
            LOG.debug("Transaction check {} to {} failed: {}", check.msgId(), peer.get().remoteAddress(), e.toString());
            return false;
        }
    }

    private Optional<RemotingPeer> livePeer(List<ClientConnection> members) {
        int size = members.size();
        if (size == 0) {
            return Optional.empty();
        }
        int start = ThreadLocalRandom.current().nextInt(size);
        for (int i = 0; i < size; i++) {
            Optional<RemotingPeer> peer = channels.find(members.get((start + i) % size).connection())
                    .filter(RemotingPeer::isActive);
            if (peer.isPresent()) {
                return peer;
            }
        }
        return Optional.empty();
    }
}
