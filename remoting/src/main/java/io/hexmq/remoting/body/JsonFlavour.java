package io.hexmq.remoting.body;

import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;

/**
 * The two JSON shapes of bodies that hold {@code brokerAddrs} maps (broker id → address).
 *
 * <p>The official NameServer wrote them with fastjson's defaults, which leave numeric map keys unquoted
 * ({@code {0:"10.0.0.1:10911"}}): not JSON, but what fastjson-based clients before 4.9.4 expect. From
 * 4.9.4 on it writes standard JSON ({@code {"0":"10.0.0.1:10911"}}) to clients that announce version
 * 4.9.4 or later, or that ask for it with the header {@code acceptStandardJsonOnly=true}. Readers
 * ({@link JsonBodies#parseObject}) take either.
 */
public enum JsonFlavour {
    STANDARD,
    LEGACY;

    /** GET_ROUTEINFO_BY_TOPIC's and GET_BROKER_CLUSTER_INFO's request for standard JSON. */
    public static final HeaderField<Boolean> ACCEPT_STANDARD_JSON_ONLY =
            HeaderField.optionalBoolean("acceptStandardJsonOnly", false);

    public static JsonFlavour requestedBy(RemotingCommand request) {
        if (request.version() >= ProtocolVersion.V4_9_4 || request.header().booleanOf(ACCEPT_STANDARD_JSON_ONLY)) {
            return STANDARD;
        }
        return LEGACY;
    }
}
