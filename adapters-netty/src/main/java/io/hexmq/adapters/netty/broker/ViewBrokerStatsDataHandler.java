package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.TrafficStats;
import io.hexmq.application.broker.ViewBrokerStats;
import io.hexmq.remoting.body.StatsJson;
import io.hexmq.remoting.header.BrokerStatsHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * VIEW_BROKER_STATS_DATA (315, {@code mqadmin statsAll}): header statsName, statsKey. Answers a BrokerStatsData
 * ({@link StatsJson#brokerStats}) of the stats' last minute, hour and day, or SYSTEM_ERROR naming the stats when
 * there are none, as RocketMQ does.
 */
public final class ViewBrokerStatsDataHandler implements RequestHandler {

    private final ViewBrokerStats viewBrokerStats;

    public ViewBrokerStatsDataHandler(ViewBrokerStats viewBrokerStats) {
        this.viewBrokerStats = Objects.requireNonNull(viewBrokerStats, "viewBrokerStats");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String name = header.stringOf(BrokerStatsHeader.STATS_NAME);
        String key = header.stringOf(BrokerStatsHeader.STATS_KEY);
        Optional<TrafficStats.Figures> figures = viewBrokerStats.view(new ViewBrokerStats.Query(name, key));
        if (figures.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR,
                    String.format("The stats <%s> <%s> not exist", name, key));
        }
        return Replies.answer(Replies.success(request).body(StatsJson.brokerStats(new StatsJson.BrokerStats(
                wire(figures.get().minute()), wire(figures.get().hour()), wire(figures.get().day())))));
    }

    private static StatsJson.Window wire(TrafficStats.Window window) {
        return new StatsJson.Window(window.sum(), window.tps(), window.avgpt());
    }
}
