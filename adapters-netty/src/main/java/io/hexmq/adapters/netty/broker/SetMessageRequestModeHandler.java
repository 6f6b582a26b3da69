package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.SetMessageRequestMode;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.remoting.body.PopJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** SET_MESSAGE_REQUEST_MODE (401), body SetMessageRequestModeRequestBody ({@link PopJson}). */
public final class SetMessageRequestModeHandler implements RequestHandler {

    private final SetMessageRequestMode setMode;

    public SetMessageRequestModeHandler(SetMessageRequestMode setMode) {
        this.setMode = Objects.requireNonNull(setMode, "setMode");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        PopJson.RequestMode body = PopJson.readRequestMode(request.body());
        MessageRequestMode mode = MessageRequestMode.POP.name().equals(body.mode())
                ? MessageRequestMode.POP : MessageRequestMode.PULL;
        SetMessageRequestMode.Result result = setMode.set(new SetMessageRequestMode.Command(body.topic(),
                body.consumerGroup(), mode, body.popShareQueueNum()));
        return Replies.answer(RemotingCommand.responseTo(request, code(result.status())).remark(result.remark()));
    }

    static int code(SetMessageRequestMode.Status status) {
        return switch (status) {
            case OK -> ResponseCode.SUCCESS;
            case NO_PERMISSION -> ResponseCode.NO_PERMISSION;
            case TOPIC_NOT_EXIST -> ResponseCode.TOPIC_NOT_EXIST;
            case SUBSCRIPTION_GROUP_NOT_EXIST -> ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST;
        };
    }
}
