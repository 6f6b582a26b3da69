package io.hexmq.adapters.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /metrics} in Prometheus text format (0.0.4) on the JDK's HTTP server: one thread, the server's own,
 * answers scrapes one at a time, which is what a scraper every few seconds needs. Any other path is 404, any
 * other method 405.
 */
public final class PrometheusEndpoint {

    private static final Logger LOG = LoggerFactory.getLogger(PrometheusEndpoint.class);
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final InetSocketAddress address;
    private final Supplier<String> scrape;
    private HttpServer server;

    /** @param scrape the whole text of one scrape, read anew for each request */
    public PrometheusEndpoint(String host, int port, Supplier<String> scrape) {
        this.address = new InetSocketAddress(Objects.requireNonNull(host, "host"), port);
        this.scrape = Objects.requireNonNull(scrape, "scrape");
    }

    /** Binds and starts answering; a port in use fails here, with the address in the message. */
    public synchronized void start() {
        try {
            server = HttpServer.create(address, 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve metrics on " + address + ": " + e.getMessage(), e);
        }
        server.createContext("/metrics", this::answer);
        server.start();
        LOG.info("Prometheus metrics on http://{}:{}/metrics", address.getHostString(), port());
    }

    public synchronized int port() {
        return server.getAddress().getPort();
    }

    public synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals("/metrics")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            if (!exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = scrape.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (RuntimeException e) {
            LOG.warn("A metrics scrape failed", e);
            exchange.sendResponseHeaders(500, -1);
        }
    }
}
