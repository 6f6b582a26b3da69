package io.hexmq.bootstrap;

/**
 * Names for {@code @ResourceLock}: what this module's test classes must take turns for when JUnit runs them side
 * by side (its parallel mode, which the build does not turn on: on a loaded two-core machine, timing-bound ITs
 * failed with two classes at a time).
 */
public final class HostLocks {

    /**
     * A replicated group of launcher processes (a NameServer and three brokers, each its own JVM). One group
     * keeps a two-core build machine busy, and its tests bound failover gaps and commit windows in wall time;
     * the partition tests also rebuild the host's network namespaces and bridge. So one group at a time.
     */
    public static final String REPLICATED_GROUP = "hexmq.replicated-group";

    private HostLocks() {
    }
}
