package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.RuntimeGauges;
import io.hexmq.application.broker.RuntimeInfoKeys;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The directory against real NameServers on loopback that brokers registered with, one "NameServer" that never
 * answers, a broker answering GET_BROKER_RUNTIME_INFO with the real handler, one that refuses, and an address where
 * nothing listens: what each said, or why it said nothing, within the timeout.
 */
class NettyClusterDirectoryIT {

    /** Long enough for a live server on a busy machine; the silent NameServer always uses all of it. */
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final ClusterName CLUSTER = new ClusterName("DefaultCluster");
    private static final BrokerName BROKER_A = new BrokerName("broker-a");

    private final List<AutoCloseable> resources = new ArrayList<>();
    private final LoopbackNameServer first = closing(new LoopbackNameServer());
    private final LoopbackNameServer second = closing(new LoopbackNameServer());
    private final ServerSocket silent = closing(serverSocket());
    private final NettyRemotingServer broker = closing(runtimeInfoServer());
    private final NettyRemotingServer refusing = closing(refusingServer());
    private final String nowhere = nowhere();
    private final NettyRemotingClient client = closing(new NettyRemotingClient(NettyClientSettings.defaults()));

    private <T extends AutoCloseable> T closing(T resource) {
        resources.add(resource);
        return resource;
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    @Test
    void mergesWhatEveryAnsweringNameServerLists_andNamesTheSilentOne() {
        register(first, member(0, address(broker)));
        register(second, member(1, nowhere));
        NettyClusterDirectory directory = new NettyClusterDirectory(client,
                List.of(first.address(), "127.0.0.1:" + silent.getLocalPort(), second.address()), TIMEOUT);
        long startNanos = System.nanoTime();

        KnownClusters known = directory.clusters();

        assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(TIMEOUT.multipliedBy(2));
        assertThat(known.clusters().clusterAddrTable()).containsExactly(Map.entry(CLUSTER, Set.of(BROKER_A)));
        BrokerData group = known.clusters().brokerAddrTable().get(BROKER_A);
        assertThat(group.brokerAddrs()).containsExactly(
                Map.entry(BrokerId.MASTER, new BrokerAddress(address(broker))),
                Map.entry(new BrokerId(1), new BrokerAddress(nowhere)));
        assertThat(known.unanswered()).singleElement().satisfies(unanswered -> {
            assertThat(unanswered.server()).isEqualTo("127.0.0.1:" + silent.getLocalPort());
            assertThat(unanswered.reason()).contains("no answer within 3000 ms");
        });
    }

    @Test
    void asksEveryBroker_andTellsAnAnswerFromARefusalAndFromNobodyThere() {
        NettyClusterDirectory directory = new NettyClusterDirectory(client, List.of(first.address()), TIMEOUT);
        BrokerAddress live = new BrokerAddress(address(broker));
        BrokerAddress refuses = new BrokerAddress(address(refusing));
        BrokerAddress absent = new BrokerAddress(nowhere);

        Map<BrokerAddress, BrokerReport> reports = directory.runtimeInfo(Set.of(live, refuses, absent));

        assertThat(reports).containsOnlyKeys(live, refuses, absent);
        assertThat(reports.get(live)).isInstanceOfSatisfying(BrokerReport.Answered.class, answered -> {
            assertThat(answered.figure(RuntimeInfoKeys.BROKER_VERSION_DESC)).hasValueSatisfying(version ->
                    assertThat(version).startsWith("V"));
            assertThat(answered.figure(RuntimeInfoKeys.PUT_TPS)).hasValue("0.00 0.00 0.00");
        });
        assertThat(reports.get(refuses)).isInstanceOfSatisfying(BrokerReport.Unreachable.class, unreachable ->
                assertThat(unreachable.reason()).contains("refused: code " + ResponseCode.NO_PERMISSION));
        assertThat(reports.get(absent)).isInstanceOf(BrokerReport.Unreachable.class);
    }

    private void register(LoopbackNameServer nameServer, BrokerIdentity member) {
        new NettyNameServerGateway(client, List.of(nameServer.address()), TIMEOUT, Duration.ofSeconds(90))
                .register(new NameServerRegistration(member, new DataVersion(LoopbackNameServer.START, 1, 0),
                        List.of()));
    }

    private static BrokerIdentity member(long id, String address) {
        String host = address.substring(0, address.lastIndexOf(':'));
        return new BrokerIdentity(CLUSTER, BROKER_A, new BrokerId(id), new BrokerAddress(address),
                new BrokerAddress(host + ":1"));
    }

    private static NettyRemotingServer runtimeInfoServer() {
        ManualClock clock = new ManualClock(LoopbackNameServer.START);
        GetBrokerRuntimeInfo runtimeInfo = new GetBrokerRuntimeInfo(new BrokerStatistics(clock, ZoneOffset.UTC),
                RuntimeGauges.builder().build(), clock, LoopbackNameServer.START);
        return started(RequestDispatcher.builder().register(RequestCode.GET_BROKER_RUNTIME_INFO,
                new GetBrokerRuntimeInfoHandler(runtimeInfo), Runnable::run).build());
    }

    /** Answers as a broker whose ACL refuses the caller. */
    private static NettyRemotingServer refusingServer() {
        return started(RequestDispatcher.builder().register(RequestCode.GET_BROKER_RUNTIME_INFO,
                (request, context) -> CompletableFuture.completedFuture(RemotingCommand.responseTo(request,
                        ResponseCode.NO_PERMISSION).remark("no permission").build()), Runnable::run).build());
    }

    private static NettyRemotingServer started(RequestDispatcher dispatcher) {
        NettyRemotingServer server = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0), dispatcher);
        server.start();
        return server;
    }

    private static String address(NettyRemotingServer server) {
        return "127.0.0.1:" + server.localAddress().getPort();
    }

    /** A loopback port nothing listens on any more: connecting is refused at once. */
    private static String nowhere() {
        try (ServerSocket socket = serverSocket()) {
            return "127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Accepts connections (the kernel does, from the backlog) and never reads or answers. */
    private static ServerSocket serverSocket() {
        try {
            return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
