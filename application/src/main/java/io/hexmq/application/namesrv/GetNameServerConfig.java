package io.hexmq.application.namesrv;

import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An admin reads the NameServer's settings (GET_NAMESRV_CONFIG): those fixed at start as they were
 * given, and those an admin may change with the values in force now.
 */
public final class GetNameServerConfig {

    private final LiveNameServerSettings live;
    private final Map<String, String> fixedAtStart;

    /**
     * @param live         the settings use cases obey, changeable at run time
     * @param fixedAtStart the other settings by property name (ports, paths, thread counts); they only
     *                     change with a restart
     */
    public GetNameServerConfig(LiveNameServerSettings live, Map<String, String> fixedAtStart) {
        this.live = Objects.requireNonNull(live, "live");
        this.fixedAtStart = Map.copyOf(fixedAtStart);
    }

    /** @return every setting by property name, sorted by name */
    public SortedMap<String, String> get() {
        SortedMap<String, String> all = new TreeMap<>(fixedAtStart);
        all.putAll(live.get().asProperties());
        return all;
    }
}
