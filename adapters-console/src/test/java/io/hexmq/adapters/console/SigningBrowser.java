package io.hexmq.adapters.console;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A browser at a console that signs in with HTTP Basic, and follows no redirect (so a test sees the 303). */
final class SigningBrowser {

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final ConsoleServer console;

    SigningBrowser(ConsoleServer console) {
        this.console = console;
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    HttpResponse<String> get(String path, String user, String password) throws Exception {
        return send(signedIn(HttpRequest.newBuilder(uri(path)), user, password).GET());
    }

    /** Submits the topic form as {@code user}. */
    HttpResponse<String> createTopic(String user, String password, String topic) throws Exception {
        return send(signedIn(HttpRequest.newBuilder(uri("/topics")), user, password)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=" + topic)));
    }

    private static HttpRequest.Builder signedIn(HttpRequest.Builder request, String user, String password) {
        return request.header("Authorization", "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + console.port() + path);
    }
}
