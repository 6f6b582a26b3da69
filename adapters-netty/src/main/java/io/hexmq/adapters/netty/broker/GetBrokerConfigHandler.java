package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * GET_BROKER_CONFIG (26, {@code mqadmin getBrokerConfig}): answers the broker's settings as Java
 * properties text ({@code key=value} lines) and the response header {@code version}, the DataVersion
 * JSON of those settings. Both come from whoever owns the configuration (bootstrap).
 */
public final class GetBrokerConfigHandler implements RequestHandler {

    private final Supplier<String> properties;
    private final Supplier<DataVersion> version;

    /**
     * @param properties the settings as properties text, asked on every request
     * @param version    the settings' version, one step per applied UPDATE_BROKER_CONFIG
     */
    public GetBrokerConfigHandler(Supplier<String> properties, Supplier<DataVersion> version) {
        this.properties = Objects.requireNonNull(properties, "properties");
        this.version = Objects.requireNonNull(version, "version");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request)
                .extField("version", BrokerBodies.dataVersion(version.get()))
                .body(properties.get().getBytes(StandardCharsets.UTF_8)));
    }
}
