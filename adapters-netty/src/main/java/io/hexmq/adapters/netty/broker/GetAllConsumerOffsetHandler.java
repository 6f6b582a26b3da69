package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetAllConsumerOffsets;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_ALL_CONSUMER_OFFSET (43): answers ConsumerOffsetSerializeWrapper, every committed offset filed
 * under {@code topic@group}. hexmq keeps no DataVersion for offsets, so none is sent.
 */
public final class GetAllConsumerOffsetHandler implements RequestHandler {

    private final GetAllConsumerOffsets getAllConsumerOffsets;

    public GetAllConsumerOffsetHandler(GetAllConsumerOffsets getAllConsumerOffsets) {
        this.getAllConsumerOffsets = Objects.requireNonNull(getAllConsumerOffsets, "getAllConsumerOffsets");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request)
                .body(AdminBodies.consumerOffsetWrapper(getAllConsumerOffsets.get())));
    }
}
