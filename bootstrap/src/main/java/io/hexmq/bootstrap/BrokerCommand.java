package io.hexmq.bootstrap;

import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hexmq broker}: a Broker on its own, registering with the NameServers in {@code namesrvAddr}. */
@Command(
        name = "broker",
        mixinStandardHelpOptions = true,
        description = "Start a Broker (send, store, pull and POP, consumer groups and offsets, retry and dead "
                + "letters, delay and timer messages and their recall, transactions, request-reply, tag and SQL92 "
                + "filters, message query, message trace (traceTopicEnable), per-topic and per-group stats, admin "
                + "(brokerPermission, autoCreateTopicEnable, autoCreateSubscriptionGroup and enablePropertyFilter "
                + "also change at run time: updateBrokerConfig), ACL 2.0, ACL 1.0 (aclEnable, plain_acl.yml) and "
                + "TLS), on its own or as one replica of a replicated group, that registers with the NameServers "
                + "in namesrvAddr.",
        footerHeading = "%nA replicated broker group (one replica per broker, 1, 3 or 5 sharing a brokerName):%n",
        footer = {
            "  enableDLegerCommitLog=true          make this broker one replica of its group (default false)",
            "  dLegerGroup=NAME                    the group: must equal brokerName (default brokerName)",
            "  dLegerPeers=n0-HOST:PORT;n1-...     every replica's id and group-log port, the same on each",
            "  dLegerSelfId=n0                     which of the peers this broker is",
            "  preferredLeaderId=n0                the replica that takes leadership back when up to date",
            "  groupElectionTimeoutMinMillis=750   a follower that hears no leader for a random time between",
            "  groupElectionTimeoutMaxMillis=1500  these two starts an election",
            "  groupSnapshotThreshold=100000       log entries after which stores are flushed and the log purged",
            "  groupLogSegmentSize=67108864        bytes of a group-log segment, the unit the log is purged by",
            "The leader registers as brokerId 0 and takes sends; the others register as 1, 2, ... and serve",
            "pulls. brokerId must not be set on a replica; flushDiskType also decides the group log's flush.",
            "",
            "Metrics, with RocketMQ 5.x's names (off unless set):",
            "  metricsExporterType=PROM           serve GET /metrics, Prometheus text format",
            "                                     (default DISABLE; OTLP_GRPC and LOG refused)",
            "  metricsPromExporterHost=127.0.0.1  the address it binds (default loopback)",
            "  metricsPromExporterPort=5557       its port (default 5557)",
            "",
            "Web console (pages for the cluster, topics, groups, lag, offsets, messages and live rates):",
            "  consoleEnable=false                serve it (default false here, true for standalone;",
            "                                     with ACL 2.0 the browser signs in as a broker user,",
            "                                     with ACL 1.0 as an account of plain_acl.yml)",
            "  consoleHost=127.0.0.1              the address it binds (default loopback)",
            "  consolePort=8082                   its port (default 8082)"})
final class BrokerCommand implements Callable<Integer> {

    @Mixin
    BrokerOptions options;

    @Option(names = "--listen", paramLabel = "HOST:PORT",
            description = "Address to listen on (default 127.0.0.1:10911; the VIP port is PORT - 2).")
    String listen;

    @Option(names = {"-n", "--namesrv"}, paramLabel = "ADDR",
            description = "NameServer addresses, ';'-separated (overrides namesrvAddr; default 127.0.0.1:9876).")
    String nameServers;

    @Override
    public Integer call() throws LaunchException {
        Map<String, String> settings = new LinkedHashMap<>();
        if (nameServers != null) {
            settings.put("namesrvAddr", nameServers);
        }
        BrokerConfig config = options.load(settings, listen);
        return RunUntilStopped.run(() -> BrokerNode.start(config));
    }
}
