package io.hexmq.application.broker;

import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every cluster the NameServers know, each broker group in it, and each replica with what it said of itself: what
 * {@code mqadmin clusterList} prints, as values.
 *
 * @param clusters              sorted by name, each group's replicas by broker id (the master first)
 * @param unansweredNameServers the NameServers that did not answer; the clusters are then what the others know
 */
public record ClusterOverview(List<Cluster> clusters, List<KnownClusters.Unanswered> unansweredNameServers) {

    public ClusterOverview {
        clusters = List.copyOf(clusters);
        unansweredNameServers = List.copyOf(unansweredNameServers);
    }

    /** @param groups sorted by broker name; a group the cluster names that no NameServer describes has no replicas */
    public record Cluster(ClusterName name, List<Group> groups) {

        public Cluster {
            Objects.requireNonNull(name, "name");
            groups = List.copyOf(groups);
        }
    }

    public record Group(BrokerName name, List<Replica> replicas) {

        public Group {
            Objects.requireNonNull(name, "name");
            replicas = List.copyOf(replicas);
        }
    }

    /** One member of a broker group: where it is, and its answer to GET_BROKER_RUNTIME_INFO or why there is none. */
    public record Replica(BrokerId id, BrokerAddress address, BrokerReport report) {

        public Replica {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(report, "report");
        }

        /**
         * {@code master} for broker id 0, {@code slave} otherwise, as the NameServer lists them; a replica of a
         * Raft-replicated group adds its place in the group ({@code master, LEADER in term 3}).
         */
        public String role() {
            String listed = id.isMaster() ? "master" : "slave";
            return figure(ReplicaRuntimeInfo.ROLE).filter(role -> !role.isBlank())
                    .map(role -> listed + ", " + role + figure(ReplicaRuntimeInfo.TERM).map(term -> " in term " + term)
                            .orElse(""))
                    .orElse(listed);
        }

        public Optional<String> version() {
            return figure(RuntimeInfoKeys.BROKER_VERSION_DESC);
        }

        /** How full the commit log's disk is, a fraction between 0 and 1, as the broker wrote it. */
        public Optional<String> commitLogDiskRatio() {
            return figure(RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO);
        }

        /** Messages put per second over the broker's newest window (10 s). */
        public Optional<String> putTps() {
            return figure(RuntimeInfoKeys.PUT_TPS).map(RuntimeInfoKeys::latestRate);
        }

        /** Messages handed to consumers per second over the newest window. */
        public Optional<String> getTps() {
            return figure(RuntimeInfoKeys.GET_TRANSFERRED_TPS).map(RuntimeInfoKeys::latestRate);
        }

        public Optional<String> putToday() {
            return figure(RuntimeInfoKeys.PUT_TOTAL_TODAY);
        }

        public Optional<String> getToday() {
            return figure(RuntimeInfoKeys.GET_TOTAL_TODAY);
        }

        /** Why the replica gave no figures; empty when it answered. */
        public Optional<String> unreachable() {
            return report instanceof BrokerReport.Unreachable silent ? Optional.of(silent.reason()) : Optional.empty();
        }

        private Optional<String> figure(String key) {
            return report instanceof BrokerReport.Answered answered ? answered.figure(key) : Optional.empty();
        }
    }
}
