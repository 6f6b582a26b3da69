package io.hexmq.domain.route;

import java.util.Optional;
import java.util.TreeMap;

/**
 * The route table's mutable record of one broker group, kept by {@link ClusterMembership}. Only the
 * {@link RouteTable} touches it, under its write lock; readers get {@link BrokerData} snapshots.
 */
final class BrokerGroup {

    private final ClusterName cluster;
    private final BrokerName name;
    private final TreeMap<BrokerId, BrokerAddress> members = new TreeMap<>();
    private Optional<String> zoneName = Optional.empty();
    private boolean enableActingMaster;

    BrokerGroup(ClusterName cluster, BrokerName name) {
        this.cluster = cluster;
        this.name = name;
    }

    void announce(Optional<String> zone, boolean actingMaster) {
        this.zoneName = zone;
        this.enableActingMaster = actingMaster;
    }

    boolean hasMember(BrokerId id) {
        return members.containsKey(id);
    }

    /**
     * Puts {@code address} at {@code id}. One address holds one id: when a slave is promoted at the
     * same address, its old slave entry must go, or clients would see the machine twice.
     */
    void place(BrokerId id, BrokerAddress address) {
        members.entrySet().removeIf(member -> member.getValue().equals(address) && !member.getKey().equals(id));
        members.put(id, address);
    }

    /** Removes whichever id {@code address} holds; true if it held one. */
    boolean remove(BrokerAddress address) {
        return members.values().removeIf(address::equals);
    }

    Optional<BrokerAddress> member(BrokerId id) {
        return Optional.ofNullable(members.get(id));
    }

    BrokerId lowestId() {
        return members.firstKey();
    }

    boolean hasMaster() {
        return members.containsKey(BrokerId.MASTER);
    }

    boolean isEmpty() {
        return members.isEmpty();
    }

    boolean enableActingMaster() {
        return enableActingMaster;
    }

    BrokerData snapshot() {
        return new BrokerData(cluster, name, members, zoneName, enableActingMaster);
    }
}
