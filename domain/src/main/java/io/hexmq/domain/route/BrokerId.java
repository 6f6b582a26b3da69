package io.hexmq.domain.route;

/** A broker's place in its group: 0 is the master, 1 and up are slaves. */
public record BrokerId(long value) implements Comparable<BrokerId> {

    public static final BrokerId MASTER = new BrokerId(0);

    public BrokerId {
        if (value < 0) {
            throw new InvalidRouteDataException("broker id must not be negative: " + value);
        }
    }

    public boolean isMaster() {
        return value == 0;
    }

    @Override
    public int compareTo(BrokerId other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
