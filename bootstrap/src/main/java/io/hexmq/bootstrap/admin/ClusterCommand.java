package io.hexmq.bootstrap.admin;

import io.hexmq.application.broker.ReplicaRuntimeInfo;
import io.hexmq.application.broker.RuntimeInfoKeys;
import io.hexmq.client.BrokerStatus;
import io.hexmq.client.HexmqClient;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hexmq admin cluster list}: mqadmin's clusterList; {@code hexmq admin cluster transfer-leader}: hand a
 * replicated broker group's leadership to a replica of the operator's choice.
 */
@Command(name = "cluster", description = "Inspect clusters and their brokers; move a broker group's leader.",
        subcommands = {ClusterCommand.ListClusters.class, ClusterCommand.TransferLeader.class})
final class ClusterCommand {

    @Mixin
    HelpOption help;

    private ClusterCommand() {
    }

    @Command(name = "list",
            description = "List every broker of every cluster with its version, traffic, and, in a replicated "
                    + "broker group, its role, election term and how many log entries it has not applied yet.")
    static final class ListClusters extends AdminAction {

        @Override
        Report execute(HexmqClient client) {
            List<BrokerStatus> brokers = client.admin().clusters();
            Table table = Table.of("CLUSTER", "BROKER", "ID", "ADDRESS", "VERSION", "IN TPS", "OUT TPS",
                    "IN TODAY", "OUT TODAY", "ROLE", "TERM", "LAG");
            for (BrokerStatus broker : brokers) {
                Map<String, String> runtime = broker.runtime();
                table.row(broker.cluster(), broker.brokerName(), broker.brokerId(), broker.address(),
                        runtime.get(RuntimeInfoKeys.BROKER_VERSION_DESC),
                        RuntimeInfoKeys.latestRate(runtime.get(RuntimeInfoKeys.PUT_TPS)),
                        RuntimeInfoKeys.latestRate(runtime.get(RuntimeInfoKeys.GET_TRANSFERRED_TPS)),
                        runtime.get(RuntimeInfoKeys.PUT_TOTAL_TODAY), runtime.get(RuntimeInfoKeys.GET_TOTAL_TODAY),
                        runtime.get(ReplicaRuntimeInfo.ROLE),
                        runtime.get(ReplicaRuntimeInfo.TERM), runtime.get(ReplicaRuntimeInfo.LAG));
            }
            return Report.of(table, brokers);
        }
    }

    @Command(name = "transfer-leader",
            description = "Hand a replicated broker group's leadership to one of its replicas and wait until it "
                    + "leads; it then registers as the group's master. A configured preferredLeaderId takes "
                    + "leadership back, so with one set only that replica may be named.")
    static final class TransferLeader extends AdminAction {

        @Option(names = {"-b", "--broker-name"}, paramLabel = "NAME", required = true,
                description = "The broker group (its brokerName).")
        String brokerName;

        @Option(names = "--to", paramLabel = "REPLICA", required = true,
                description = "The replica to lead, by its id in dLegerPeers (e.g. n2).")
        String replica;

        @Override
        Report execute(HexmqClient client) {
            client.admin().transferLeadership(brokerName, replica);
            return Report.line("Replica " + replica + " leads broker group " + brokerName,
                    new Transferred(brokerName, replica));
        }

        record Transferred(String brokerName, String leader) {
        }
    }
}
