package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.settings.SettingsUpdateAnswers;
import io.hexmq.application.broker.UpdateBrokerConfig;
import io.hexmq.application.settings.SettingsUpdate;
import io.hexmq.remoting.body.PropertiesBody;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_BROKER_CONFIG (25, {@code mqadmin updateBrokerConfig}): no header; the body is Java properties
 * text with the settings to change. SUCCESS once all are applied; refusals as
 * {@link SettingsUpdateAnswers} says. A refused update changes nothing.
 */
public final class UpdateBrokerConfigHandler implements RequestHandler {

    private final UpdateBrokerConfig updateBrokerConfig;

    public UpdateBrokerConfigHandler(UpdateBrokerConfig updateBrokerConfig) {
        this.updateBrokerConfig = Objects.requireNonNull(updateBrokerConfig, "updateBrokerConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return updateBrokerConfig.update(new SettingsUpdate.Command(PropertiesBody.parse(request.body())))
                .thenApply(outcome -> SettingsUpdateAnswers.answer(request, outcome))
                .toCompletableFuture();
    }
}
