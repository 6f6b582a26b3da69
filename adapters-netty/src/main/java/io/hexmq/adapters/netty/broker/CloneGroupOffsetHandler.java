package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.CloneGroupOffset;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.CloneGroupOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * CLONE_GROUP_OFFSET (314, {@code mqadmin cloneGroupOffset}): header srcGroup, destGroup, topic (blank: every
 * topic the source committed on), offline. Answers SUCCESS, also when there was nothing to copy, as RocketMQ does.
 */
public final class CloneGroupOffsetHandler implements RequestHandler {

    private final CloneGroupOffset cloneGroupOffset;

    public CloneGroupOffsetHandler(CloneGroupOffset cloneGroupOffset) {
        this.cloneGroupOffset = Objects.requireNonNull(cloneGroupOffset, "cloneGroupOffset");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String topic = header.stringOf(CloneGroupOffsetHeader.TOPIC).trim();
        cloneGroupOffset.cloneOffsets(new CloneGroupOffset.Command(
                Headers.group(header, CloneGroupOffsetHeader.SRC_GROUP),
                Headers.group(header, CloneGroupOffsetHeader.DEST_GROUP),
                topic.isEmpty() ? Optional.empty() : Optional.of(new TopicName(topic)),
                header.booleanOf(CloneGroupOffsetHeader.OFFLINE)));
        return Replies.answer(Replies.success(request));
    }
}
