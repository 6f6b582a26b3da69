package io.hexmq.adapters.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.metrics.RequestOutcome;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.BrokerRegistration;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NameServerMetricsTest {

    private static final String NODE = "node_id=\"127.0.0.1:9876\",node_type=\"namesrv\"";

    private final RouteTable routes = new RouteTable();
    private final NameServerMetrics metrics = new NameServerMetrics("127.0.0.1:9876", new GetClusterInfo(routes),
            new GetAllTopics(routes), Integer::toString, Integer::toString);

    private void register(String cluster, String broker, String address, String... topics) {
        List<TopicConfig> configs = Arrays.stream(topics)
                .map(topic -> TopicConfig.of(new TopicName(topic), 4, 4, Permission.READ_WRITE)).toList();
        routes.register(new BrokerRegistration(new ClusterName(cluster), new BrokerName(broker),
                new BrokerAddress(address), BrokerId.MASTER, Optional.empty(), Optional.empty(), 120_000, false,
                DataVersion.initial(1), configs, List.of(), new ConnectionId(address)), 1);
    }

    @Test
    void brokersByCluster_andRoutedTopics_areReadFromTheRouteTableAtTheScrape() {
        register("A", "broker-a", "10.0.0.1:10911", "Orders", "Payments");
        register("A", "broker-b", "10.0.0.2:10911", "Orders", "Payments");
        register("B", "broker-c", "10.0.0.3:10911");

        String text = metrics.scrape();

        assertThat(text).contains("rocketmq_namesrv_brokers{cluster=\"A\"," + NODE + "} 2.0")
                .contains("rocketmq_namesrv_brokers{cluster=\"B\"," + NODE + "} 1.0")
                .contains("rocketmq_namesrv_topics{" + NODE + "} 2.0");
    }

    @Test
    void requestTimings_landInTheScrape() {
        metrics.requestTimings().record(105, 0, RequestOutcome.ANSWERED, 100_000);

        assertThat(metrics.scrape()).contains("rocketmq_rpc_latency_count{" + NODE + ",protocol_type=\"remoting\","
                + "request_code=\"105\",response_code=\"0\",result=\"success\"} 1");
    }
}
