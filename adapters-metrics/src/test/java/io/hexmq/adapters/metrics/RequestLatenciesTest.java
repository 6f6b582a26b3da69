package io.hexmq.adapters.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.metrics.RequestOutcome;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class RequestLatenciesTest {

    private final PrometheusMeterRegistry registry = Registries.prometheus("node_type", "broker");
    private final RequestLatencies latencies = new RequestLatencies(registry,
            code -> code == 10 ? "send_message" : Integer.toString(code), code -> code == 0 ? "success" : "system_error");

    @Test
    void histogramOfMilliseconds_inRocketMqsBuckets_labelledByRequestCodeResponseCodeAndResult() {
        latencies.record(10, 0, RequestOutcome.ANSWERED, 2_000_000);
        latencies.record(10, 0, RequestOutcome.ANSWERED, 50_000_000);
        latencies.record(10, 1, RequestOutcome.FAILED, 500_000);

        String text = registry.scrape();

        String success = "node_type=\"broker\",protocol_type=\"remoting\",request_code=\"send_message\","
                + "response_code=\"success\",result=\"success\"";
        assertThat(text)
                .contains("rocketmq_rpc_latency_bucket{" + success + ",le=\"1.0\"} 0")
                .contains("rocketmq_rpc_latency_bucket{" + success + ",le=\"3.0\"} 1")
                .contains("rocketmq_rpc_latency_bucket{" + success + ",le=\"100.0\"} 2")
                .contains("rocketmq_rpc_latency_count{" + success + "} 2")
                .contains("rocketmq_rpc_latency_sum{" + success + "} 52.0")
                .contains("response_code=\"system_error\",result=\"process_request_failed\"");
    }

    @Test
    void aOnewayRequest_hasNoResponseCode_andCodesOutsideTheIndexedRangeAreKeptToo() {
        latencies.record(-2, 0, RequestOutcome.ONEWAY, 1_000);
        latencies.record(99_999, 0, RequestOutcome.ANSWERED, 1_000);

        assertThat(registry.scrape())
                .contains("request_code=\"-2\",response_code=\"none\",result=\"oneway\"} 1")
                .contains("rocketmq_rpc_latency_count{node_type=\"broker\",protocol_type=\"remoting\","
                        + "request_code=\"99999\",response_code=\"success\",result=\"success\"} 1");
    }
}
