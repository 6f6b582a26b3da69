package io.hexmq.adapters.netty.namesrv;

import io.hexmq.adapters.netty.settings.SettingsUpdateAnswers;
import io.hexmq.application.namesrv.UpdateNameServerConfig;
import io.hexmq.application.settings.SettingsUpdate;
import io.hexmq.remoting.body.PropertiesBody;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_NAMESRV_CONFIG (318, {@code mqadmin updateNamesrvConfig}): no header; the body is Java
 * properties text with the settings to change. SUCCESS once all are applied (an empty body changes
 * nothing); refusals as {@link SettingsUpdateAnswers} says. A refused update changes nothing.
 */
public final class UpdateNamesrvConfigHandler implements RequestHandler {

    private final UpdateNameServerConfig updateNameServerConfig;

    public UpdateNamesrvConfigHandler(UpdateNameServerConfig updateNameServerConfig) {
        this.updateNameServerConfig = Objects.requireNonNull(updateNameServerConfig, "updateNameServerConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        SettingsUpdate.Outcome outcome = updateNameServerConfig.update(
                new SettingsUpdate.Command(PropertiesBody.parse(request.body())));
        return CompletableFuture.completedFuture(SettingsUpdateAnswers.answer(request, outcome));
    }
}
