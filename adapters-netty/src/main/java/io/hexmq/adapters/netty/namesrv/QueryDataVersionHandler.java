package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.QueryDataVersion;
import io.hexmq.domain.route.DataVersionCheck;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_DATA_VERSION (322): header clusterName, brokerName, brokerAddr, brokerId; body the broker's
 * DataVersion JSON. Answers the response header {@code changed} and, when the NameServer knows the
 * broker, its own DataVersion as body. An unchanged version also counts as a sign of life.
 */
public final class QueryDataVersionHandler implements RequestHandler {

    private final QueryDataVersion queryDataVersion;

    public QueryDataVersionHandler(QueryDataVersion queryDataVersion) {
        this.queryDataVersion = Objects.requireNonNull(queryDataVersion, "queryDataVersion");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        DataVersionCheck check = queryDataVersion.query(new QueryDataVersion.Command(Headers.clusterName(header),
                Headers.brokerName(header), Headers.brokerAddress(header), Headers.brokerId(header),
                NameServerBodies.parseDataVersion(request.body())));
        RemotingCommand.Builder response = Replies.success(request).extField("changed", check.changed());
        check.nameServerVersion().ifPresent(version -> response.body(NameServerBodies.dataVersion(version)));
        return Replies.answer(response);
    }
}
