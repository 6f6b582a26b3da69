package io.hexmq.bootstrap.compat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.LauncherProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * A NameServer on this host and a three-replica group, each replica a {@code hexmq broker --config} in its own
 * network namespace ({@link ReplicaNamespaces}) with its own address, so that a test can cut the network
 * between replicas while its clients still reach every one. Where namespaces cannot be made the test is
 * skipped, saying why.
 */
final class NamespacedGroup implements AutoCloseable {

    static final int SIZE = 3;
    /** Every replica has an address of its own, so every Raft server can take the same port. */
    private static final int RAFT_PORT = 9870;
    private static final Pattern NAMESRV_LISTENING = Pattern.compile("NameServer listening on \\S+:(\\d+)");

    private final Path dir;
    private final ReplicaNamespaces network;
    private final LauncherProcess nameServer;
    private final String nameServerAddress;
    private final LauncherProcess[] replicas = new LauncherProcess[SIZE];

    private NamespacedGroup(Path dir, ReplicaNamespaces network, LauncherProcess nameServer, String nameServerAddress) {
        this.dir = dir;
        this.network = network;
        this.nameServer = nameServer;
        this.nameServerAddress = nameServerAddress;
    }

    /** Makes the namespaces, starts the NameServer and the replicas on {@code store}, and waits until each listens. */
    static NamespacedGroup start(Path dir, String store) throws Exception {
        ReplicaNamespaces network;
        try {
            network = ReplicaNamespaces.make(SIZE);
        } catch (IOException cannot) {
            Assumptions.abort("this test needs Linux network namespaces (root and the ip command): "
                    + cannot.getMessage());
            throw cannot;
        }
        LauncherProcess nameServer = null;
        NamespacedGroup group = null;
        try {
            nameServer = LauncherProcess.start(dir, "namesrv", "--listen", ReplicaNamespaces.hostAddress() + ":0");
            // bounded as a replica's start: a JVM on a busy build machine may take longer than a launcher's 30 s
            group = new NamespacedGroup(dir, network, nameServer,
                    ReplicaNamespaces.hostAddress() + ":" + ReplicatedGroup.awaitLine(nameServer, NAMESRV_LISTENING));
            for (int i = 0; i < SIZE; i++) {
                group.writeConf(i, store);
                group.replicas[i] = LauncherProcess.startWrapped(dir, ReplicaNamespaces.runIn(i),
                        "broker", "--config", group.conf(i).toString());
            }
            for (int i = 0; i < SIZE; i++) {
                group.address(i);
            }
            return group;
        } catch (Exception | AssertionError e) {
            if (group != null) {
                group.close();
            } else {
                if (nameServer != null) {
                    nameServer.close();
                }
                network.close();
            }
            throw e;
        }
    }

    String nameServerAddress() {
        return nameServerAddress;
    }

    ReplicaNamespaces network() {
        return network;
    }

    LauncherProcess replica(int index) {
        return replicas[index];
    }

    /** The broker address replica {@code index} listens on, once it does. */
    String address(int index) {
        return ReplicatedGroup.awaitLine(replicas[index], ReplicatedGroup.BROKER_LISTENING);
    }

    /** A replica other than {@code not} whose last word on its role is LEADER. */
    int awaitLeaderOtherThan(int not) {
        int[] leader = {-1};
        Await.until("a replica other than n" + not + " leads", ReplicatedGroup.STARTUP, () -> {
            for (int i = 0; i < SIZE; i++) {
                if (i != not && roleOf(i).equals("LEADER")) {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** Replica {@code index}'s last word on its role: LEADER, FOLLOWER, CANDIDATE, or empty before any. */
    String roleOf(int index) {
        return ReplicatedGroup.lastRole(replicas[index]);
    }

    /** Each replica's role and last warnings, for a failure to say what the group went through. */
    String warningsOfAll() {
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < SIZE; i++) {
            all.append("\nn").append(i).append(" (").append(roleOf(i)).append(") warned:\n")
                    .append(ReplicatedGroup.warnings(replicas[i]));
        }
        return all.toString();
    }

    /** The replicas are stopped before the network goes, so none outlives its namespace. */
    @Override
    public void close() throws IOException, InterruptedException {
        for (LauncherProcess replica : replicas) {
            if (replica != null) {
                replica.kill();
            }
        }
        nameServer.close();
        network.close();
    }

    private Path conf(int index) {
        return dir.resolve("broker-n" + index + ".conf");
    }

    private void writeConf(int index, String store) throws IOException {
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            peers.add("n" + i + "-" + ReplicaNamespaces.address(i) + ":" + RAFT_PORT);
        }
        Files.writeString(conf(index), String.join("\n", List.of(
                "brokerClusterName=RaftCluster",
                "brokerName=" + ReplicatedGroup.GROUP,
                "namesrvAddr=" + nameServerAddress,
                "bindAddress=" + ReplicaNamespaces.address(index),
                "listenPort=0",
                "storeType=" + store,
                "storePathRootDir=" + dir.resolve("n" + index),
                "mappedFileSizeCommitLog=8388608",
                // the build machine's disk, not this test, decides how full it is
                "diskMaxUsedSpaceRatio=95",
                "enableDLegerCommitLog=true",
                "dLegerGroup=" + ReplicatedGroup.GROUP,
                "dLegerPeers=" + String.join(";", peers),
                "dLegerSelfId=n" + index,
                "")));
    }
}
