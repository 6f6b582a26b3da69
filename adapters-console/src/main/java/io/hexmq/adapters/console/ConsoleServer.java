package io.hexmq.adapters.console;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.hexmq.domain.DomainException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web console on the JDK's HTTP server. Pages are rendered here from the use cases ({@link ConsolePages}); two
 * threads of its own answer, so a slow lookup does not hold up the rest, and none of the broker's.
 *
 * <p>A change is a form POST. A browser sends an {@code Origin} with every POST; one that names another site is
 * refused, so a page elsewhere cannot make a visitor's browser delete topics here.
 */
public final class ConsoleServer {

    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    private static final int MAX_FORM_BYTES = 64 * 1024;
    private static final int THREADS = 2;

    private final InetSocketAddress address;
    private final Map<String, Page> pages;
    private HttpServer server;
    private ExecutorService threads;

    private final ConsoleAccess access;

    public ConsoleServer(String host, int port, ConsolePages pages, ConsoleAccess access) {
        this.address = new InetSocketAddress(Objects.requireNonNull(host, "host"), port);
        this.pages = Objects.requireNonNull(pages, "pages").byPath();
        this.access = Objects.requireNonNull(access, "access");
    }

    /** Binds and starts answering; a port in use fails here, with the address in the message. */
    public synchronized void start() {
        try {
            server = HttpServer.create(address, 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve the console on " + address + ": " + e.getMessage(), e);
        }
        AtomicInteger count = new AtomicInteger();
        threads = Executors.newFixedThreadPool(THREADS, runnable -> {
            Thread thread = new Thread(runnable, "console-http-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(threads);
        server.createContext("/", this::answer);
        server.start();
        LOG.info("Web console on http://{}:{}/", address.getHostString(), port());
    }

    public synchronized int port() {
        return server.getAddress().getPort();
    }

    public synchronized void stop() {
        if (server != null) {
            server.stop(0);
            threads.shutdownNow();
            server = null;
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            send(exchange, respond(exchange));
        }
    }

    private Response respond(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        Page page = pages.get(exchange.getRequestURI().getPath());
        if (page == null) {
            return Response.error(404, "Not found", "No console page at " + exchange.getRequestURI().getPath());
        }
        if (!method.equals("GET") && !method.equals("POST")) {
            return Response.error(405, "Method not allowed", method + " is not answered here");
        }
        if (method.equals("POST") && !sameOrigin(exchange)) {
            return Response.error(403, "Refused", "A change must come from the console's own pages");
        }
        try {
            Caller caller = access.identify(Optional.ofNullable(exchange.getRequestHeaders().getFirst("Authorization")),
                    exchange.getRemoteAddress().getAddress());
            String form = method.equals("POST") ? readForm(exchange.getRequestBody()) : "";
            return page.answer(ConsoleRequest.of(method, exchange.getRequestURI().getPath(),
                    exchange.getRequestURI().getRawQuery(), form, caller));
        } catch (UnauthorizedException e) {
            return Response.signInNeeded(e.getMessage());
        } catch (ForbiddenException e) {
            return Response.error(403, "Not allowed", e.getMessage());
        } catch (BadRequestException | DomainException | IllegalArgumentException e) {
            return Response.error(400, "Cannot do that", e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("Console page {} failed", exchange.getRequestURI(), e);
            return Response.error(500, "Failed", "The broker could not answer: " + e);
        }
    }

    private static boolean sameOrigin(HttpExchange exchange) {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        String host = exchange.getRequestHeaders().getFirst("Host");
        return origin == null || (host != null && (origin.equals("http://" + host) || origin.equals("https://" + host)));
    }

    private static String readForm(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes(MAX_FORM_BYTES + 1);
        if (bytes.length > MAX_FORM_BYTES) {
            throw new BadRequestException("the form is larger than " + MAX_FORM_BYTES + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange exchange, Response response) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        exchange.getResponseHeaders().set("Content-Security-Policy",
                "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'none'");
        response.headers().forEach(exchange.getResponseHeaders()::set);
        byte[] body = response.body();
        exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
