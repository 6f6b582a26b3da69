package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.GROUP;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.admin.AdminCli;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.command.cluster.ClusterListSubCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Operating a three-replica group ({@link ReplicatedGroup}, file store) with the tools an operator has: the
 * official {@code mqadmin clusterList} shows the leader as master 0 and each follower as a slave with its own
 * address; {@code hexmq admin cluster transfer-leader} hands leadership to a follower, which then
 * registers as master and takes the sends; {@code hexmq admin cluster list} shows each replica's role and term.
 */
@Isolated(OfficialMqadmin.SWAPS_SYSTEM_OUT)
class ReplicatedGroupAdminIT {

    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void officialClusterListShowsOneMasterAndTwoSlaves_andTransferLeaderMovesTheMasterWhileSendsGoOn()
            throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, "file", 3, Map.of());
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            int leader = group.awaitLeader();
            DefaultMQProducer producer = clients.producer("pg-group-admin");
            producer.setPollNameServerInterval(500);
            producer.setSendMsgTimeout(3_000);
            clients.createTopic(producer, group.address(leader), TOPIC, ReplicatedGroup.QUEUES);
            Set<String> acknowledged = new HashSet<>();
            ReplicatedGroup.sendUntil(producer, acknowledged, 10, BOUND);

            awaitRegistered(group, leader);
            // As in RocketMQ's DLedger mode, a follower is slave (its dLegerSelfId's number + 1): n0 is 1, n2 is 3.
            Map<String, List<String>> expected = new TreeMap<>();
            expected.put("0", List.of(group.address(leader), "true"));
            for (int i = 0; i < 3; i++) {
                if (i != leader) {
                    expected.put(Integer.toString(i + 1), List.of(group.address(i), "false"));
                }
            }
            assertThat(officialClusterList(group.nameServerAddress()))
                    .as("mqadmin clusterList's rows of %s: #BID to #Addr and #ACTIVATED", GROUP).isEqualTo(expected);
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            assertThatThrownBy(() -> api.getBrokerHAStatus(group.address(leader), 5_000))
                    .as("mqadmin haStatus: a DLedger-like group has no master-slave HA to report")
                    .isInstanceOfSatisfying(MQBrokerException.class, refused -> {
                        assertThat(refused.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                        assertThat(refused.getErrorMessage()).contains("Raft log");
                    });
            int follower = group.aFollower();

            AdminCli cli = new AdminCli(group.nameServerAddress());
            AdminCli.Result transferred = cli.run("cluster", "transfer-leader", "--broker-name", GROUP,
                    "--to", "n" + follower);
            assertThat(transferred.exitCode()).as("transfer-leader: %s", transferred).isZero();
            assertThat(transferred.out()).contains("Replica n" + follower + " leads broker group " + GROUP);
            Await.until("n" + follower + " leads", BOUND, () -> group.awaitLeader() == follower);
            ReplicatedGroup.sendUntil(producer, acknowledged, 10, BOUND);
            awaitRegistered(group, follower);

            AdminCli.Result list = cli.run("cluster", "list");
            assertThat(list.exitCode()).as("cluster list: %s", list).isZero();
            assertThat(list.outLines().get(0)).contains("ROLE", "TERM", "LAG");
            assertThat(list.outLines()).filteredOn(line -> line.contains(group.address(follower)))
                    .singleElement().asString().contains("LEADER");
            assertThat(list.outLines()).filteredOn(line -> line.contains("FOLLOWER")).hasSize(2);

            AdminCli.Result unknown = cli.run("cluster", "transfer-leader", "--broker-name", GROUP, "--to", "n9");
            assertThat(unknown.exitCode()).isEqualTo(1);
            assertThat(unknown.err()).contains("n9");
            assertThat(ReplicatedGroup.readAll(clients, acknowledged)).containsAll(acknowledged);
        }
    }

    /** Until the NameServer lists three replicas of the group, {@code leader}'s address as master. */
    private static void awaitRegistered(ReplicatedGroup group, int leader) throws Exception {
        DefaultMQAdminExt admin = OfficialClients.startedAdmin(group.nameServerAddress(), "group-admin");
        try {
            String master = group.address(leader);
            Await.until("the NameServer lists " + master + " as master of three", BOUND, () -> {
                try {
                    BrokerData broker = admin.examineBrokerClusterInfo().getBrokerAddrTable().get(GROUP);
                    return broker != null && broker.getBrokerAddrs().size() == 3
                            && master.equals(broker.getBrokerAddrs().get(MixAll.MASTER_ID));
                } catch (Exception notYet) {
                    return false;
                }
            });
        } finally {
            admin.shutdown();
        }
    }

    /**
     * {@code mqadmin clusterList -n ...} as RocketMQ 5's tools run it, its rows for {@link ReplicatedGroup#GROUP}
     * by #BID: each row's #Addr first and #ACTIVATED last.
     */
    private static Map<String, List<String>> officialClusterList(String nameServer) throws Exception {
        List<String> printed = OfficialMqadmin.run(new ClusterListSubCommand(), nameServer);
        Map<String, List<String>> rows = new TreeMap<>();
        for (String row : printed) {
            String[] cells = row.trim().split("\\s+");
            if (cells.length > 4 && cells[1].equals(GROUP)) {
                rows.put(cells[2], List.of(cells[3], cells[cells.length - 1]));
            }
        }
        return rows;
    }
}
