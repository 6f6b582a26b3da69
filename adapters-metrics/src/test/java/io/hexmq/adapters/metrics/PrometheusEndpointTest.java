package io.hexmq.adapters.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PrometheusEndpointTest {

    private final AtomicInteger scrapes = new AtomicInteger();
    private final PrometheusEndpoint endpoint = new PrometheusEndpoint("127.0.0.1", 0,
            () -> "scrapes " + scrapes.incrementAndGet() + "\n");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        endpoint.stop();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + endpoint.port() + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesAFreshScrape_onEachGetOfMetrics_inPrometheusTextFormat() throws Exception {
        endpoint.start();

        HttpResponse<String> first = get("/metrics");
        HttpResponse<String> second = get("/metrics");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type")).hasValue(PrometheusEndpoint.CONTENT_TYPE);
        assertThat(first.body()).isEqualTo("scrapes 1\n");
        assertThat(second.body()).isEqualTo("scrapes 2\n");
    }

    @Test
    void answersNotFound_forAnyOtherPath() throws Exception {
        endpoint.start();

        assertThat(get("/metrics/extra").statusCode()).isEqualTo(404);
        assertThat(get("/").statusCode()).isEqualTo(404);
        assertThat(scrapes).hasValue(0);
    }

    @Test
    void refusesToStart_whenThePortIsTaken_namingTheAddress() {
        endpoint.start();
        PrometheusEndpoint second = new PrometheusEndpoint("127.0.0.1", endpoint.port(), () -> "");

        assertThatThrownBy(second::start).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("127.0.0.1:" + endpoint.port());
    }
}
