package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HEART_BEAT (34): body HeartbeatData ({@link HeartbeatBody}); the client's language and version come
 * from the command itself. The connection is remembered in {@link ClientChannels} before the heartbeat
 * is recorded, so a new member is among those told that its group changed.
 *
 * <p>Answers SUCCESS with ext {@code IS_SUPPORT_HEART_BEAT_V2=true}, which lets 5.x clients leave
 * unchanged subscriptions out of later heartbeats ({@code withoutSub}), and {@code IS_SUB_CHANGE}: true
 * when a group's subscriptions changed or were unknown here, so the client sends them in full next time.
 * SQL92 expressions that do not compile are logged (once, when the subscription changes) and do not
 * fail the heartbeat, as in RocketMQ; pulls by them are answered FILTER_DATA_NOT_EXIST with the reason.
 */
public final class HeartbeatHandler implements RequestHandler {

    static final String IS_SUPPORT_HEART_BEAT_V2 = "IS_SUPPORT_HEART_BEAT_V2";
    static final String IS_SUB_CHANGE = "IS_SUB_CHANGE";

    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatHandler.class);

    private final RecordHeartbeat recordHeartbeat;
    private final ClientChannels channels;

    public HeartbeatHandler(RecordHeartbeat recordHeartbeat, ClientChannels channels) {
        this.recordHeartbeat = Objects.requireNonNull(recordHeartbeat, "recordHeartbeat");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeartbeatBody.Parsed heartbeat = HeartbeatBody.parse(request.body());
        channels.remember(context.peer());
        RecordHeartbeat.Result result = recordHeartbeat.record(new RecordHeartbeat.Command(context.connectionId(),
                heartbeat.clientId(), request.language().name(), request.version(), heartbeat.consumers(),
                heartbeat.producerGroups(), heartbeat.withoutSubscriptions()));
        for (RecordHeartbeat.RejectedExpression rejected : result.rejectedExpressions()) {
            LOG.warn("Client {} of group {} subscribes to {} with an SQL92 expression that does not compile: {}",
                    heartbeat.clientId().value(), rejected.group(), rejected.topic(), rejected.reason());
        }
        return Replies.answer(Replies.success(request)
                .extField(IS_SUPPORT_HEART_BEAT_V2, true)
                .extField(IS_SUB_CHANGE, result.subscriptionsChanged()));
    }
}
