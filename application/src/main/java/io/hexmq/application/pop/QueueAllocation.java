package io.hexmq.application.pop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The official clients' allocation strategies, by the names they send: {@code AVG} gives each client a
 * contiguous share of the sorted queues, {@code AVG_BY_CIRCLE} deals them out in turn. Both sides must
 * allocate alike for broker-side assignment to match what client-side rebalancing would do.
 */
enum QueueAllocation {
    AVG {
        @Override
        <Q> List<Q> allocate(List<Q> queues, int clients, int index) {
            int size = queues.size();
            int mod = size % clients;
            int share = size <= clients ? 1 : (mod > 0 && index < mod ? size / clients + 1 : size / clients);
            int start = mod > 0 && index < mod ? index * share : index * share + mod;
            List<Q> mine = new ArrayList<>();
            for (int i = 0; i < Math.min(share, size - start); i++) {
                mine.add(queues.get((start + i) % size));
            }
            return mine;
        }
    },
    AVG_BY_CIRCLE {
        @Override
        <Q> List<Q> allocate(List<Q> queues, int clients, int index) {
            List<Q> mine = new ArrayList<>();
            for (int i = index; i < queues.size(); i += clients) {
                mine.add(queues.get(i));
            }
            return mine;
        }
    };

    /** The queues of the client at {@code index} among {@code clients} sorted clients. */
    abstract <Q> List<Q> allocate(List<Q> queues, int clients, int index);

    static Optional<QueueAllocation> named(String name) {
        for (QueueAllocation allocation : values()) {
            if (allocation.name().equals(name)) {
                return Optional.of(allocation);
            }
        }
        return Optional.empty();
    }
}
