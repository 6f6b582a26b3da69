package io.hexmq.client;

import java.util.Map;

/**
 * One broker of a cluster and its runtime figures ({@link Admin#clusters()}).
 *
 * @param cluster    the cluster
 * @param brokerName its broker group
 * @param brokerId   0 for the master
 * @param address    {@code host:port}
 * @param runtime    the broker's runtime table (GET_BROKER_RUNTIME_INFO), e.g. {@code brokerVersionDesc};
 *                   empty when the broker did not answer
 */
public record BrokerStatus(String cluster, String brokerName, long brokerId, String address,
                           Map<String, String> runtime) {

    public BrokerStatus {
        runtime = Map.copyOf(runtime);
    }
}
