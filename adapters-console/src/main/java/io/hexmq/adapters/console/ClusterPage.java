package io.hexmq.adapters.console;

import io.hexmq.application.broker.ClusterOverview;
import io.hexmq.domain.broker.KnownClusters;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code /cluster}: every cluster the broker's NameServers know, each broker group's replicas with their role,
 * version, commit log disk and rates, as {@code mqadmin clusterList} shows them. A replica that does not answer is
 * a row that says so, and a NameServer that does not answer a line above the table: neither fails the page.
 *
 * <p>GET_BROKER_CLUSTER_INFO and GET_BROKER_RUNTIME_INFO need no permission beyond being signed in (the broker's
 * access map names no need for them), so neither does this page.
 */
final class ClusterPage {

    static final String PATH = "/cluster";

    private final ConsoleBroker broker;
    private final ConsoleUseCases useCases;

    ClusterPage(ConsoleBroker broker, ConsoleUseCases useCases) {
        this.broker = broker;
        this.useCases = useCases;
    }

    Response show(ConsoleRequest request) {
        ClusterOverview overview = useCases.clusterOverview().get();
        StringBuilder body = new StringBuilder(4096);
        for (KnownClusters.Unanswered silent : overview.unansweredNameServers()) {
            body.append("<p class=\"error\" role=\"alert\">NameServer ").append(Html.text(silent.server()))
                    .append(" did not answer: ").append(Html.text(silent.reason())).append("</p>");
        }
        if (overview.clusters().isEmpty()) {
            return Response.html(Layout.page("Cluster", PATH, body.append("<p id=\"no-cluster\">No NameServer lists a "
                    + "cluster.</p>").toString()));
        }
        body.append("<table id=\"cluster\"><tr><th>Cluster</th><th>Broker</th><th>ID</th><th>Address</th><th>Role</th>"
                + "<th>Version</th><th>Disk (commit log)</th><th>In TPS</th><th>Out TPS</th><th>In today</th>"
                + "<th>Out today</th></tr>");
        for (ClusterOverview.Cluster cluster : overview.clusters()) {
            for (ClusterOverview.Group group : cluster.groups()) {
                if (group.replicas().isEmpty()) {
                    cells(body.append("<tr>"), cluster, group).append("<td colspan=\"9\">no replica listed</td></tr>");
                }
                for (ClusterOverview.Replica replica : group.replicas()) {
                    row(body, cluster, group, replica);
                }
            }
        }
        body.append("</table>");
        return Response.html(Layout.page("Cluster", PATH, body.toString()));
    }

    private void row(StringBuilder body, ClusterOverview.Cluster cluster, ClusterOverview.Group group,
            ClusterOverview.Replica replica) {
        Optional<String> unreachable = replica.unreachable();
        body.append(unreachable.isPresent() ? "<tr class=\"unreachable\">" : "<tr>");
        cells(body, cluster, group).append("<td class=\"num\">").append(replica.id().value()).append("</td><td>")
                .append(Html.text(replica.address().value()))
                .append(replica.address().value().equals(broker.address()) ? " (this broker)" : "")
                .append("</td><td>").append(Html.text(replica.role())).append("</td>");
        if (unreachable.isPresent()) {
            body.append("<td colspan=\"6\" class=\"error\">unreachable: ").append(Html.text(unreachable.get()))
                    .append("</td></tr>");
            return;
        }
        body.append("<td>").append(Html.text(replica.version().orElse("–"))).append("</td>");
        number(body, replica.commitLogDiskRatio().map(ClusterPage::percent));
        number(body, replica.putTps());
        number(body, replica.getTps());
        number(body, replica.putToday());
        number(body, replica.getToday());
        body.append("</tr>");
    }

    private static StringBuilder cells(StringBuilder body, ClusterOverview.Cluster cluster,
            ClusterOverview.Group group) {
        return body.append("<td>").append(Html.text(cluster.name().value())).append("</td><td>")
                .append(Html.text(group.name().value())).append("</td>");
    }

    private static void number(StringBuilder body, Optional<String> value) {
        body.append("<td class=\"num\">").append(Html.text(value.orElse("–"))).append("</td>");
    }

    /** The broker writes a fraction ({@code 0.4213}); an operator reads a percentage. */
    private static String percent(String ratio) {
        try {
            return String.format(Locale.ROOT, "%.1f %%", Double.parseDouble(ratio) * 100);
        } catch (NumberFormatException notANumber) {
            return ratio;
        }
    }
}
