package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;

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
 *
 * <p>The table is the lock and the rules that span its three records, each a plain class of its own:
 * {@link ClusterMembership} (clusters, groups, members), {@link TopicQueues} (which groups host each
 * topic) and {@link LiveBrokers} (when each machine was last heard from, its filter servers).
 */
public final class RouteTable {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Lock readLock = lock.readLock();
    private final Lock writeLock = lock.writeLock();

    private final ClusterMembership membership = new ClusterMembership();
    private final TopicQueues topicQueues = new TopicQueues();
    private final LiveBrokers live = new LiveBrokers();

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
            BrokerGroup existing = membership.group(name);
            boolean firstAtThisId = existing == null || !existing.hasMember(id);
            if (firstAtThisId && registration.isSingleTopic()) {
                return RegistrationResult.rejectedBeforeFirstFullRegistration();
            }
            BrokerGroup group = membership.join(registration);

            LiveBrokers.Key key = new LiveBrokers.Key(registration.cluster(), registration.brokerAddress());
            BrokerLiveness previous = live.get(key);
            if (previous != null && !previous.brokerName().equals(name)) {
                // The machine moved to another group: its old membership would otherwise never expire.
                leaveGroup(previous.brokerName(), registration.brokerAddress());
            }
            boolean versionChanged = previous == null || !previous.dataVersion().equals(registration.dataVersion());
            boolean actingMaster = !id.isMaster() && registration.enableActingMaster() && id.equals(group.lowestId());
            if (id.isMaster() || actingMaster) {
                topicQueues.publish(registration, firstAtThisId || versionChanged, actingMaster);
            }
            live.registered(key, registration, nowMillis);
            return resultFor(registration, group);
        } finally {
            writeLock.unlock();
        }
    }

    private RegistrationResult resultFor(BrokerRegistration registration, BrokerGroup group) {
        if (registration.brokerId().isMaster()) {
            return new RegistrationResult(RegistrationResult.Outcome.REGISTERED, Optional.empty(), Optional.empty());
        }
        Optional<BrokerAddress> master = group.member(BrokerId.MASTER);
        BrokerLiveness masterLiveness = master
                .map(address -> live.get(new LiveBrokers.Key(registration.cluster(), address)))
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
            return remove(new LiveBrokers.Key(cluster, brokerAddress), brokerName);
        } finally {
            writeLock.unlock();
        }
    }

    private boolean remove(LiveBrokers.Key key, BrokerName brokerName) {
        boolean wasLive = live.remove(key);
        return leaveGroup(brokerName, key.address()) || wasLive;
    }

    private boolean leaveGroup(BrokerName brokerName, BrokerAddress address) {
        BrokerGroup group = membership.group(brokerName);
        if (group == null) {
            return false;
        }
        boolean wasMember = group.remove(address);
        if (group.isEmpty()) {
            membership.drop(brokerName);
            topicQueues.dropGroup(brokerName);
        } else if (group.enableActingMaster() && !group.hasMaster()) {
            // The master is gone and a slave will act for it: nobody may write to this group now.
            topicQueues.changePermission(brokerName, Permission::withoutWrite);
        }
        return wasMember;
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
        List<Map.Entry<LiveBrokers.Key, BrokerLiveness>> victims = live.matching(doomed);
        List<RemovedBroker> removed = new ArrayList<>(victims.size());
        for (Map.Entry<LiveBrokers.Key, BrokerLiveness> victim : victims) {
            LiveBrokers.Key key = victim.getKey();
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
            LiveBrokers.Key key = new LiveBrokers.Key(cluster, brokerAddress);
            BrokerLiveness held = live.get(key);
            if (held == null) {
                return new DataVersionCheck(true, Optional.empty());
            }
            boolean changed = !held.dataVersion().equals(brokerVersion);
            if (!changed) {
                live.heard(key, held, nowMillis);
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
            LiveBrokers.Key key = new LiveBrokers.Key(cluster, brokerAddress);
            BrokerLiveness held = live.get(key);
            if (held == null) {
                return false;
            }
            live.heard(key, held, nowMillis);
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
            Map<BrokerName, QueueData> queues = topicQueues.of(topic);
            if (queues == null) {
                return Optional.empty();
            }
            TreeMap<BrokerName, QueueData> sortedQueues = new TreeMap<>(queues);
            List<BrokerData> brokerDatas = new ArrayList<>(sortedQueues.size());
            Map<BrokerAddress, List<BrokerAddress>> filters = new HashMap<>();
            for (BrokerName name : sortedQueues.keySet()) {
                BrokerGroup group = membership.group(name);
                if (group == null) {
                    continue;
                }
                BrokerData data = group.snapshot();
                brokerDatas.add(data);
                live.collectFilterServers(data, filters);
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

    /** Every group and every cluster, as one consistent snapshot. */
    public ClusterInfo clusterInfo() {
        readLock.lock();
        try {
            return membership.info();
        } finally {
            readLock.unlock();
        }
    }

    /** Every topic some group hosts, sorted by name. */
    public SortedSet<TopicName> topics() {
        readLock.lock();
        try {
            return topicQueues.all();
        } finally {
            readLock.unlock();
        }
    }

    /** Every topic hosted by at least one group of {@code cluster}; empty for an unknown cluster. */
    public SortedSet<TopicName> topicsOf(ClusterName cluster) {
        readLock.lock();
        try {
            Set<BrokerName> names = membership.groupsOf(cluster);
            return topicQueues.hostedBy(names == null ? Set.of() : names);
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
            return topicQueues.changePermission(brokerName, Permission::withoutWrite);
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
            return topicQueues.changePermission(brokerName, permission -> Permission.READ_WRITE);
        } finally {
            writeLock.unlock();
        }
    }

    /** Forgets {@code topic} on every group. Brokers that still host it publish it again when they next change. */
    public void deleteTopic(TopicName topic) {
        writeLock.lock();
        try {
            topicQueues.delete(topic);
        } finally {
            writeLock.unlock();
        }
    }

    /** Forgets {@code topic} on the groups of {@code cluster} only; the topic goes if no group is left. */
    public void deleteTopic(TopicName topic, ClusterName cluster) {
        writeLock.lock();
        try {
            Set<BrokerName> names = membership.groupsOf(cluster);
            if (names != null) {
                topicQueues.delete(topic, names);
            }
        } finally {
            writeLock.unlock();
        }
    }
}
