package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The NameServer's whole state, in memory: which broker groups make up each cluster, where each group's
 * members listen, which groups host each topic, and when each broker was last heard from.
 *
 * <p>Invariants, true between any two calls: every cluster lists at least one group; every group listed
 * by a cluster exists and has at least one member; every topic has queue data on at least one group;
 * one address holds at most one id within a group.
 *
 * <p><b>Concurrency.</b> One {@link ReentrantReadWriteLock} guards plain hash maps. Writers (brokers
 * registering every 30 s, expiry scans, admin commands) take the write lock for a short, allocation-light
 * update; readers (clients asking for routes, many and often) share the read lock and leave with
 * immutable snapshots, so nothing they hold changes under them. Copy-on-write was the alternative: it
 * makes reads lock-free but copies the whole table on every registration, and a registration touches
 * hundreds of topics; with many brokers that copy costs more than the readers ever wait. The lock is
 * non-fair: registrations are short, and a fair lock would only make readers queue behind each other.
 *
 * <p>Time comes in as a parameter ({@code nowMillis}) so that the table never reads a clock itself.
 */
public final class RouteTable {

    /** One broker machine in one cluster: the key RocketMQ uses for liveness and filter servers. */
    private record BrokerKey(ClusterName cluster, BrokerAddress address) {
    }

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Lock readLock = lock.readLock();
    private final Lock writeLock = lock.writeLock();

    private final Map<ClusterName, Set<BrokerName>> clusters = new HashMap<>();
    private final Map<BrokerName, BrokerGroup> groups = new HashMap<>();
    private final Map<TopicName, Map<BrokerName, QueueData>> topicQueues = new HashMap<>();
    private final Map<BrokerKey, BrokerLiveness> liveness = new HashMap<>();
    private final Map<BrokerKey, List<BrokerAddress>> filterServers = new HashMap<>();

    /**
     * Records a broker's registration (RocketMQ's REGISTER_BROKER): joins its group to its cluster, puts
     * it at its id, publishes its topics if it is the one whose topics count, refreshes its liveness and
     * tells a slave where its live master is.
     *
     * <p>Topic queue data is written only by the master, or by the lowest slave of an acting-master
     * group (with write permission removed, since a slave takes no writes). It is rewritten only when
     * needed: on the broker's first registration at this id, when its DataVersion differs from the one
     * held, or for a topic that has no queue data on this group yet.
     *
     * <p>A rejected registration changes nothing; RocketMQ leaves behind the cluster and group entries it
     * created before rejecting, which is of no use to anyone.
     */
    public RegistrationResult register(BrokerRegistration registration, long nowMillis) {
        writeLock.lock();
        try {
            BrokerName name = registration.brokerName();
            BrokerId id = registration.brokerId();
            BrokerGroup group = groups.get(name);
            boolean firstAtThisId = group == null || !group.hasMember(id);
            if (firstAtThisId && registration.isSingleTopic()) {
                return RegistrationResult.rejectedBeforeFirstFullRegistration();
            }

            clusters.computeIfAbsent(registration.cluster(), cluster -> new HashSet<>()).add(name);
            if (group == null) {
                group = new BrokerGroup(registration.cluster(), name);
                groups.put(name, group);
            }
            group.announce(registration.zoneName(), registration.enableActingMaster());
            group.place(id, registration.brokerAddress());

            BrokerKey key = new BrokerKey(registration.cluster(), registration.brokerAddress());
            BrokerLiveness previous = liveness.get(key);
            if (previous != null && !previous.brokerName().equals(name)) {
                // The machine moved to another group: its old membership would otherwise never expire.
                leaveGroup(previous.brokerName(), registration.brokerAddress());
            }
            boolean versionChanged = previous == null || !previous.dataVersion().equals(registration.dataVersion());
            boolean actingMaster = !id.isMaster() && registration.enableActingMaster() && id.equals(group.lowestId());
            if (id.isMaster() || actingMaster) {
                publishTopics(registration, firstAtThisId || versionChanged, actingMaster);
            }

            liveness.put(key, new BrokerLiveness(name, nowMillis, registration.heartbeatTimeoutMillis(),
                    registration.dataVersion(), registration.connection(), registration.haServerAddress()));
            if (registration.filterServers().isEmpty()) {
                filterServers.remove(key);
            } else {
                filterServers.put(key, registration.filterServers());
            }
            return resultFor(registration, group);
        } finally {
            writeLock.unlock();
        }
    }

    private void publishTopics(BrokerRegistration registration, boolean rewriteAll, boolean withoutWrite) {
        BrokerName name = registration.brokerName();
        for (TopicConfig config : registration.topicConfigs()) {
            Map<BrokerName, QueueData> queues = topicQueues.get(config.name());
            boolean lacksThisGroup = queues == null || !queues.containsKey(name);
            if (!rewriteAll && !lacksThisGroup) {
                continue;
            }
            QueueData queueData = QueueData.of(name, config);
            if (withoutWrite) {
                queueData = queueData.withPermission(queueData.permission().withoutWrite());
            }
            topicQueues.computeIfAbsent(config.name(), topic -> new HashMap<>()).put(name, queueData);
        }
    }

    private RegistrationResult resultFor(BrokerRegistration registration, BrokerGroup group) {
        if (registration.brokerId().isMaster()) {
            return new RegistrationResult(RegistrationResult.Outcome.REGISTERED, Optional.empty(), Optional.empty());
        }
        Optional<BrokerAddress> master = group.member(BrokerId.MASTER);
        BrokerLiveness masterLiveness = master
                .map(address -> liveness.get(new BrokerKey(registration.cluster(), address)))
                .orElse(null);
        if (masterLiveness == null) {
            return new RegistrationResult(RegistrationResult.Outcome.REGISTERED, Optional.empty(), Optional.empty());
        }
        return new RegistrationResult(RegistrationResult.Outcome.REGISTERED, master,
                masterLiveness.haServerAddress());
    }

    /**
     * Removes one broker (RocketMQ's UNREGISTER_BROKER): its liveness, its filter servers and its place
     * in its group. The address decides which member goes, as in RocketMQ 5; a group with no member left
     * disappears from its cluster, and so does its queue data, and topics left without queue data.
     *
     * @return true if the table knew the broker
     */
    public boolean unregister(ClusterName cluster, BrokerName brokerName, BrokerAddress brokerAddress) {
        writeLock.lock();
        try {
            return remove(new BrokerKey(cluster, brokerAddress), brokerName);
        } finally {
            writeLock.unlock();
        }
    }

    private boolean remove(BrokerKey key, BrokerName brokerName) {
        boolean wasLive = liveness.remove(key) != null;
        filterServers.remove(key);
        return leaveGroup(brokerName, key.address()) || wasLive;
    }

    private boolean leaveGroup(BrokerName brokerName, BrokerAddress address) {
        BrokerGroup group = groups.get(brokerName);
        if (group == null) {
            return false;
        }
        boolean wasMember = group.remove(address);
        if (group.isEmpty()) {
            dropGroup(brokerName);
        } else if (group.enableActingMaster() && !group.hasMaster()) {
            // The master is gone and a slave will act for it: nobody may write to this group now.
            changePermission(brokerName, Permission::withoutWrite);
        }
        return wasMember;
    }

    // Scans every cluster rather than trusting the caller's: a group may have joined more than one.
    private void dropGroup(BrokerName brokerName) {
        groups.remove(brokerName);
        for (Iterator<Set<BrokerName>> it = clusters.values().iterator(); it.hasNext(); ) {
            Set<BrokerName> names = it.next();
            if (names.remove(brokerName) && names.isEmpty()) {
                it.remove();
            }
        }
        for (Iterator<Map<BrokerName, QueueData>> it = topicQueues.values().iterator(); it.hasNext(); ) {
            Map<BrokerName, QueueData> queues = it.next();
            if (queues.remove(brokerName) != null && queues.isEmpty()) {
                it.remove();
            }
        }
    }

    /**
     * Removes every broker not heard from within its own timeout (last update + timeout &lt; now).
     *
     * @return the removed brokers, so that the caller can close their connections
     */
    public List<RemovedBroker> expire(long nowMillis) {
        writeLock.lock();
        try {
            return removeWhere(entry -> entry.isExpiredAt(nowMillis));
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Removes at once every broker that registered over {@code connection}: a closed connection means
     * the broker is gone, and waiting for the timeout would route clients to it for two more minutes.
     */
    public List<RemovedBroker> dropConnection(ConnectionId connection) {
        writeLock.lock();
        try {
            return removeWhere(entry -> entry.connection().equals(connection));
        } finally {
            writeLock.unlock();
        }
    }

    private List<RemovedBroker> removeWhere(Predicate<BrokerLiveness> doomed) {
        List<Map.Entry<BrokerKey, BrokerLiveness>> victims = new ArrayList<>();
        for (Map.Entry<BrokerKey, BrokerLiveness> entry : liveness.entrySet()) {
            if (doomed.test(entry.getValue())) {
                victims.add(entry);
            }
        }
        List<RemovedBroker> removed = new ArrayList<>(victims.size());
        for (Map.Entry<BrokerKey, BrokerLiveness> victim : victims) {
            BrokerKey key = victim.getKey();
            BrokerLiveness was = victim.getValue();
            remove(key, was.brokerName());
            removed.add(new RemovedBroker(key.cluster(), was.brokerName(), key.address(), was.connection()));
        }
        return removed;
    }

    /**
     * Compares a broker's DataVersion with the one held (RocketMQ's QUERY_DATA_VERSION). An unchanged
     * version also counts as a sign of life; a changed one does not, since the broker will register in
     * full right after.
     */
    public DataVersionCheck checkDataVersion(ClusterName cluster, BrokerAddress brokerAddress,
            DataVersion brokerVersion, long nowMillis) {
        writeLock.lock();
        try {
            BrokerKey key = new BrokerKey(cluster, brokerAddress);
            BrokerLiveness held = liveness.get(key);
            if (held == null) {
                return new DataVersionCheck(true, Optional.empty());
            }
            boolean changed = !held.dataVersion().equals(brokerVersion);
            if (!changed) {
                liveness.put(key, held.heardAt(nowMillis));
            }
            return new DataVersionCheck(changed, Optional.of(held.dataVersion()));
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Refreshes a registered broker's last-update time and nothing else (RocketMQ 5's BROKER_HEARTBEAT).
     *
     * @return false when the broker is not registered: a heartbeat does not register it
     */
    public boolean heartbeat(ClusterName cluster, BrokerAddress brokerAddress, long nowMillis) {
        writeLock.lock();
        try {
            BrokerKey key = new BrokerKey(cluster, brokerAddress);
            BrokerLiveness held = liveness.get(key);
            if (held == null) {
                return false;
            }
            liveness.put(key, held.heardAt(nowMillis));
            return true;
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * The route of {@code topic}, or empty when no group hosts it. Carries no {@code orderTopicConf}:
     * that comes from the KV config, not from brokers.
     */
    public Optional<TopicRoute> route(TopicName topic) {
        readLock.lock();
        try {
            Map<BrokerName, QueueData> queues = topicQueues.get(topic);
            if (queues == null) {
                return Optional.empty();
            }
            TreeMap<BrokerName, QueueData> sortedQueues = new TreeMap<>(queues);
            List<BrokerData> brokerDatas = new ArrayList<>(sortedQueues.size());
            Map<BrokerAddress, List<BrokerAddress>> filters = new HashMap<>();
            for (BrokerName name : sortedQueues.keySet()) {
                BrokerGroup group = groups.get(name);
                if (group == null) {
                    continue;
                }
                BrokerData data = group.snapshot();
                brokerDatas.add(data);
                collectFilterServers(data, filters);
            }
            if (brokerDatas.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new TopicRoute(Optional.empty(), new ArrayList<>(sortedQueues.values()),
                    brokerDatas, filters));
        } finally {
            readLock.unlock();
        }
    }

    private void collectFilterServers(BrokerData data, Map<BrokerAddress, List<BrokerAddress>> into) {
        if (filterServers.isEmpty()) {
            return;
        }
        for (BrokerAddress address : data.brokerAddrs().values()) {
            List<BrokerAddress> servers = filterServers.get(new BrokerKey(data.cluster(), address));
            if (servers != null) {
                into.put(address, servers);
            }
        }
    }

    /** Every group and every cluster, as one consistent snapshot. */
    public ClusterInfo clusterInfo() {
        readLock.lock();
        try {
            Map<BrokerName, BrokerData> brokers = new HashMap<>();
            groups.forEach((name, group) -> brokers.put(name, group.snapshot()));
            return new ClusterInfo(brokers, clusters);
        } finally {
            readLock.unlock();
        }
    }

    /** Every topic some group hosts, sorted by name. */
    public SortedSet<TopicName> topics() {
        readLock.lock();
        try {
            return Collections.unmodifiableSortedSet(new TreeSet<>(topicQueues.keySet()));
        } finally {
            readLock.unlock();
        }
    }

    /** Every topic hosted by at least one group of {@code cluster}; empty for an unknown cluster. */
    public SortedSet<TopicName> topicsOf(ClusterName cluster) {
        readLock.lock();
        try {
            Set<BrokerName> names = clusters.getOrDefault(cluster, Set.of());
            TreeSet<TopicName> topics = new TreeSet<>();
            topicQueues.forEach((topic, queues) -> {
                if (!Collections.disjoint(queues.keySet(), names)) {
                    topics.add(topic);
                }
            });
            return Collections.unmodifiableSortedSet(topics);
        } finally {
            readLock.unlock();
        }
    }

    /**
     * Takes write permission away from every topic on {@code brokerName}, so producers stop sending
     * there (e.g. before taking the group down).
     *
     * @return how many topics the group hosts, changed or not, as RocketMQ counts them
     */
    public int wipeWritePermission(BrokerName brokerName) {
        writeLock.lock();
        try {
            return changePermission(brokerName, Permission::withoutWrite);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Makes every topic on {@code brokerName} readable and writable again. Like RocketMQ, this sets the
     * permission to exactly read+write, dropping inherit and priority bits.
     *
     * @return how many topics the group hosts
     */
    public int addWritePermission(BrokerName brokerName) {
        writeLock.lock();
        try {
            return changePermission(brokerName, permission -> Permission.READ_WRITE);
        } finally {
            writeLock.unlock();
        }
    }

    private int changePermission(BrokerName brokerName, UnaryOperator<Permission> change) {
        int count = 0;
        for (Map<BrokerName, QueueData> queues : topicQueues.values()) {
            QueueData queueData = queues.get(brokerName);
            if (queueData != null) {
                queues.put(brokerName, queueData.withPermission(change.apply(queueData.permission())));
                count++;
            }
        }
        return count;
    }

    /** Forgets {@code topic} on every group. Brokers that still host it publish it again when they next change. */
    public void deleteTopic(TopicName topic) {
        writeLock.lock();
        try {
            topicQueues.remove(topic);
        } finally {
            writeLock.unlock();
        }
    }

    /** Forgets {@code topic} on the groups of {@code cluster} only; the topic goes if no group is left. */
    public void deleteTopic(TopicName topic, ClusterName cluster) {
        writeLock.lock();
        try {
            Map<BrokerName, QueueData> queues = topicQueues.get(topic);
            Set<BrokerName> names = clusters.get(cluster);
            if (queues == null || names == null) {
                return;
            }
            queues.keySet().removeAll(names);
            if (queues.isEmpty()) {
                topicQueues.remove(topic);
            }
        } finally {
            writeLock.unlock();
        }
    }
}
