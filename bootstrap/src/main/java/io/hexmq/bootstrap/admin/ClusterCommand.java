package io.hexmq.bootstrap.admin;

import io.hexmq.application.broker.ReplicaRuntimeInfo;
import io.hexmq.client.BrokerStatus;
import io.hexmq.client.HexmqClient;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code hexmq admin cluster list}: mqadmin's clusterList. */
@Command(name = "cluster", description = "Inspect clusters and their brokers.",
        subcommands = ClusterCommand.ListClusters.class)
final class ClusterCommand {

    @Mixin
    HelpOption help;

    private ClusterCommand() {
    }

    @Command(name = "list",
            description = "List every broker of every cluster with its version, traffic, and, in a replicated "
                    + "broker group, its role and how many log entries it has not applied yet.")
    static final class ListClusters extends AdminAction {

        @Override
        Report execute(HexmqClient client) {
            List<BrokerStatus> brokers = client.admin().clusters();
            Table table = Table.of("CLUSTER", "BROKER", "ID", "ADDRESS", "VERSION", "IN TPS", "OUT TPS",
                    "IN TODAY", "OUT TODAY", "ROLE", "LAG");
            for (BrokerStatus broker : brokers) {
                Map<String, String> runtime = broker.runtime();
                table.row(broker.cluster(), broker.brokerName(), broker.brokerId(), broker.address(),
                        runtime.get("brokerVersionDesc"), latestRate(runtime.get("putTps")),
                        latestRate(runtime.get("getTransferredTps")), runtime.get("msgPutTotalTodayNow"),
                        runtime.get("msgGetTotalTodayNow"), runtime.get(ReplicaRuntimeInfo.ROLE),
                        runtime.get(ReplicaRuntimeInfo.LAG));
            }
            return Report.of(table, brokers);
        }

        /** A broker reports rates over several windows, newest first ("12.5 11.0 10.2"). */
        private static String latestRate(String rates) {
            return rates == null || rates.isBlank() ? null : rates.trim().split("\\s+")[0];
        }
    }
}
