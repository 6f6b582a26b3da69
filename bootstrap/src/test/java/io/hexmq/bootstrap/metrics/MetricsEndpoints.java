package io.hexmq.bootstrap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** What the metrics ITs share: the settings that turn the endpoints on, and a scrape read by the strict parser. */
final class MetricsEndpoints {

    /** {@code metricsExporterType=PROM} on an ephemeral loopback port. */
    static final Map<String, String> PROM = Map.of("metricsExporterType", "PROM",
            "metricsPromExporterHost", "127.0.0.1", "metricsPromExporterPort", "0");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** {@code GET /metrics} on {@code port}, answered 200 in text format 0.0.4, parsed. */
    PrometheusText scrape(int port) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/metrics")).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/plain; version=0.0.4"));
        return PrometheusText.parse(response.body());
    }

    /** {@link #scrape}, for a condition polled by {@code Await}. */
    PrometheusText scrapeQuietly(int port) {
        try {
            return scrape(port);
        } catch (Exception e) {
            throw new IllegalStateException("cannot scrape port " + port, e);
        }
    }
}
