package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.remoting.header.BrokerConsumeStatsHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_CONSUME_STATS (317, {@code mqadmin brokerConsumeStats}): header {@code isOrder}. Answers a
 * ConsumeStatsList: the broker's address, for each group a list of ConsumeStats (one per topic), and the
 * totals of lag and in-flight messages.
 */
public final class GetBrokerConsumeStatsHandler implements RequestHandler {

    private final GetBrokerConsumeStats getBrokerConsumeStats;
    private final BrokerSettings settings;

    public GetBrokerConsumeStatsHandler(GetBrokerConsumeStats getBrokerConsumeStats, BrokerSettings settings) {
        this.getBrokerConsumeStats = Objects.requireNonNull(getBrokerConsumeStats, "getBrokerConsumeStats");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GetBrokerConsumeStats.Result stats = getBrokerConsumeStats.get(
                new GetBrokerConsumeStats.Command(request.header().booleanOf(BrokerConsumeStatsHeader.IS_ORDER)));
        return Replies.answer(Replies.success(request)
                .body(AdminBodies.consumeStatsList(settings.brokerAddress(), stats)));
    }
}
