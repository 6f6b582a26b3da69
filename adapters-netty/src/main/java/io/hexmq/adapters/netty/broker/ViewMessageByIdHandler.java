package io.hexmq.adapters.netty.broker;

import io.hexmq.application.message.ViewMessage;
import io.hexmq.remoting.header.MessageLookupHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * VIEW_MESSAGE_BY_ID (33): header offset, the commit-log offset the client decoded from an offset
 * message id (5.x adds topic, ignored). Answers SUCCESS with the stored record as the body, or
 * SYSTEM_ERROR "can not find message by the offset, ..." as the official broker does.
 *
 * <p>The body is the store's view of the record, not a copy, as a pull's is: see
 * {@link PullMessageHandler} for why a view stays valid however late the answer is written.
 */
public final class ViewMessageByIdHandler implements RequestHandler {

    private final ViewMessage viewMessage;

    public ViewMessageByIdHandler(ViewMessage viewMessage) {
        this.viewMessage = Objects.requireNonNull(viewMessage, "viewMessage");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        long offset = request.header().longOf(MessageLookupHeader.OFFSET);
        Optional<ByteBuffer> record = viewMessage.view(new ViewMessage.Query(offset));
        if (record.isEmpty()) {
            return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                    .remark("can not find message by the offset, " + offset)
                    .build());
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .bodyViews(List.of(record.get()))
                .build());
    }
}
