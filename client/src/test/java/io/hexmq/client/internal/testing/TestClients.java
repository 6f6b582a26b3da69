package io.hexmq.client.internal.testing;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.instance.ClientRuntime;
import io.hexmq.client.internal.instance.ClientSettings;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Client instances on a {@link FakeNetwork} and a {@link ManualTime}, with the defaults of a real client. */
public final class TestClients {

    public static final String NAME_SERVER = "10.0.0.9:9876";
    public static final String INSTANCE_NAME = "test";
    public static final Duration REQUEST_TIMEOUT = ClientSettings.DEFAULT_REQUEST_TIMEOUT;
    public static final Duration ROUTE_REFRESH = ClientSettings.DEFAULT_ROUTE_REFRESH_INTERVAL;
    public static final Duration HEARTBEAT = ClientSettings.DEFAULT_HEARTBEAT_INTERVAL;

    private TestClients() {
    }

    /** A client of {@link #NAME_SERVER} whose callbacks and scheduler run when {@code time} is driven. */
    public static ClientInstance instance(FakeNetwork network, ManualTime time) {
        return instance(network, time, List.of(NAME_SERVER));
    }

    public static ClientInstance instance(FakeNetwork network, ManualTime time, List<String> nameServers) {
        return new ClientInstance(new ClientSettings(nameServers, INSTANCE_NAME, REQUEST_TIMEOUT, ROUTE_REFRESH,
                HEARTBEAT, 1, 1, Optional.empty(), false), new ClientRuntime(network.factory(), time.executor(), time.executor(), time));
    }
}
