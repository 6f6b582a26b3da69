package io.hexmq.bootstrap.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    private static final String VALID = """
            # HELP requests Requests.
            # TYPE requests counter
            requests_total{code="send_message",path="a\\\\b \\"q\\""} 3.0
            # TYPE latency histogram
            latency_bucket{le="1.0"} 1
            latency_bucket{le="+Inf"} 2
            latency_count 2
            latency_sum 7.5
            # TYPE lag gauge
            lag{group="g"} NaN 1700000000000
            """;

    @Test
    void readsSamplesOfTypedFamilies_withEscapedLabelValues() {
        PrometheusText text = PrometheusText.parse(VALID);

        assertThat(text.value("requests_total", Map.of("path", "a\\b \"q\""))).isEqualTo(3.0);
        assertThat(text.value("latency_bucket", Map.of("le", "+Inf"))).isEqualTo(2.0);
        assertThat(text.value("latency_sum", Map.of())).isEqualTo(7.5);
        assertThat(text.value("lag", Map.of("group", "g"))).isNaN();
    }

    @Test
    void rejectsASampleOfNoTypedFamily_aSeriesTwice_aMalformedLabelAndAStrayLine() {
        assertThatThrownBy(() -> PrometheusText.parse("untyped_thing 1\n")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a gauge\na 1\na 2\n"))
                .hasMessageContaining("line 3: a second sample");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a gauge\na{x=1} 1\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a gauge\n\na 1\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a counter\na_bucket 1\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a gauge\na one\n")).hasMessageContaining("not a value");
    }
}
