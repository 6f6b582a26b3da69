package io.hexmq.adapters.console;

import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.RuntimeInfoKeys;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code /}: the broker at a glance (who it is, its role, disk, traffic) from GET_BROKER_RUNTIME_INFO's table, and
 * the in / out rates as a live chart that polls {@link #RATES_PATH}.
 */
final class OverviewPage {

    static final String PATH = "/";
    static final String RATES_PATH = "/api/rates";

    /** The runtime keys shown first, in this order; the whole table follows. */
    private static final List<String> HEADLINE_KEYS = List.of("runtime", RuntimeInfoKeys.PUT_TPS,
            RuntimeInfoKeys.GET_TRANSFERRED_TPS, RuntimeInfoKeys.PUT_TOTAL_TODAY, RuntimeInfoKeys.GET_TOTAL_TODAY,
            RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO, "commitLogMinOffset",
            "commitLogMaxOffset", "earliestMessageTimeStamp");

    private static final String CHART = """
            <h2>Messages per second (last 10 s, polled every 2 s)</h2>
            <svg id="rates" width="720" height="200" viewBox="0 0 720 200" role="img" aria-label="in and out rates">
            <polyline id="rate-in" fill="none" stroke="#1f77b4" stroke-width="2" points=""/>
            <polyline id="rate-out" fill="none" stroke="#ff7f0e" stroke-width="2" points=""/>
            <text id="rate-max" x="6" y="14" font-size="12">0</text></svg>
            <p><span style="color:#1f77b4">■ in</span> <output id="rate-in-now">–</output>
            <span style="color:#ff7f0e">■ out</span> <output id="rate-out-now">–</output></p>
            <script>
            (() => {
              const points = [], keep = 120;
              const draw = () => {
                const max = Math.max(1, ...points.map(p => Math.max(p.in, p.out)));
                const line = key => points.map((p, i) => (i * 720 / (keep - 1)).toFixed(1) + ','
                    + (195 - p[key] * 180 / max).toFixed(1)).join(' ');
                document.getElementById('rate-in').setAttribute('points', line('in'));
                document.getElementById('rate-out').setAttribute('points', line('out'));
                document.getElementById('rate-max').textContent = max.toFixed(1) + ' msg/s';
              };
              const poll = async () => {
                try {
                  const rates = await (await fetch('%s')).json();
                  points.push(rates);
                  if (points.length > keep) points.shift();
                  document.getElementById('rate-in-now').textContent = rates.in.toFixed(1) + ' msg/s';
                  document.getElementById('rate-out-now').textContent = rates.out.toFixed(1) + ' msg/s';
                  draw();
                } catch (e) { /* the broker restarts or the network hiccups: the next poll tries again */ }
              };
              poll();
              setInterval(poll, 2000);
            })();
            </script>
            """.formatted(RATES_PATH);

    private final ConsoleBroker broker;
    private final ConsoleUseCases useCases;

    OverviewPage(ConsoleBroker broker, ConsoleUseCases useCases) {
        this.broker = broker;
        this.useCases = useCases;
    }

    Response show(ConsoleRequest request) {
        Map<String, String> runtime = useCases.runtimeInfo().get(new GetBrokerRuntimeInfo.Query());
        StringBuilder body = new StringBuilder(4096);
        body.append("<h2>Broker</h2><table id=\"broker\">");
        row(body, "Cluster", broker.clusterName());
        row(body, "Broker", broker.brokerName());
        row(body, "Address", broker.address());
        row(body, "Role", broker.role().get());
        row(body, "Version", broker.version());
        row(body, "Store", broker.storeType());
        row(body, "Topics", Integer.toString(useCases.topics().get().configs().size()));
        row(body, "Subscription groups", Integer.toString(useCases.groups().get().configs().size()));
        for (String key : HEADLINE_KEYS) {
            if (runtime.containsKey(key)) {
                row(body, key, runtime.get(key));
            }
        }
        body.append("</table>").append(CHART);
        body.append("<details><summary>Every runtime figure (GET_BROKER_RUNTIME_INFO)</summary><table id=\"runtime\">");
        runtime.forEach((key, value) -> row(body, key, value));
        body.append("</table></details>");
        return Response.html(Layout.page("Overview of " + broker.brokerName(), PATH, body.toString()));
    }

    /** The rates over the last 10 s window, as the chart polls them. */
    Response rates(ConsoleRequest request) {
        BrokerStatistics.Snapshot snapshot = useCases.statistics().snapshot();
        return Response.json(String.format(Locale.ROOT, "{\"in\":%.3f,\"out\":%.3f}",
                snapshot.putTps()[0], snapshot.getTps()[0]));
    }

    private static void row(StringBuilder body, String name, String value) {
        body.append("<tr><th>").append(Html.text(name)).append("</th><td>").append(Html.text(value))
                .append("</td></tr>");
    }
}
