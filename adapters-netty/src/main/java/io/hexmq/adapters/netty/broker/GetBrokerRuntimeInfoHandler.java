package io.hexmq.adapters.netty.broker;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.RuntimeInfoKeys;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_RUNTIME_INFO (28): no header; answers a KVTable body {@code {"table":{...}}} of string
 * values, the use case's figures plus {@code brokerVersion} and {@code brokerVersionDesc}, the
 * protocol version this broker speaks.
 */
public final class GetBrokerRuntimeInfoHandler implements RequestHandler {

    static final String BROKER_VERSION_DESC = ProtocolVersion.CURRENT_NAME;

    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final GetBrokerRuntimeInfo getBrokerRuntimeInfo;

    public GetBrokerRuntimeInfoHandler(GetBrokerRuntimeInfo getBrokerRuntimeInfo) {
        this.getBrokerRuntimeInfo = Objects.requireNonNull(getBrokerRuntimeInfo, "getBrokerRuntimeInfo");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        Map<String, String> table = new TreeMap<>(getBrokerRuntimeInfo.get(new GetBrokerRuntimeInfo.Query()));
        table.put(RuntimeInfoKeys.BROKER_VERSION, Integer.toString(ProtocolVersion.CURRENT));
        table.put(RuntimeInfoKeys.BROKER_VERSION_DESC, BROKER_VERSION_DESC);
        byte[] body = GSON.toJson(Map.of("table", table)).getBytes(StandardCharsets.UTF_8);
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .body(body)
                .build());
    }
}
