package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetAllProducers;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_ALL_PRODUCER_INFO (328, {@code mqadmin producer}): no header. Answers a ProducerTableInfo
 * {@code {"data":{"PG":[{"clientId":..,"remoteIP":..,"language":..,"version":..,"lastUpdateTimestamp":..}]}}}.
 * {@code remoteIP} is written as RocketMQ's broker writes it, the socket address's text with its leading
 * {@code /}, so what mqadmin prints matches.
 */
public final class GetAllProducerInfoHandler implements RequestHandler {

    private final GetAllProducers getAllProducers;
    private final ClientChannels channels;

    public GetAllProducerInfoHandler(GetAllProducers getAllProducers, ClientChannels channels) {
        this.getAllProducers = Objects.requireNonNull(getAllProducers, "getAllProducers");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        Map<GroupName, List<ClientConnection>> all = getAllProducers.get();
        return Replies.answer(Replies.success(request).body(JsonBodies.write(json -> {
            json.beginObject().name("data").beginObject();
            for (Map.Entry<GroupName, List<ClientConnection>> group : all.entrySet()) {
                json.name(group.getKey().value()).beginArray();
                for (ClientConnection producer : group.getValue()) {
                    json.beginObject().name("clientId").value(producer.clientId().value())
                            .name("remoteIP").value("/" + channels.address(producer.connection()).orElse(""))
                            .name("language").value(producer.language())
                            .name("version").value(producer.version())
                            .name("lastUpdateTimestamp").value(producer.lastHeartbeatMillis())
                            .endObject();
                }
                json.endArray();
            }
            json.endObject().endObject();
        })));
    }
}
