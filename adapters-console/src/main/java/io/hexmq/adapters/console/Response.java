package io.hexmq.adapters.console;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Map;

/**
 * What a page answers: a status, a content type, a body and any further headers; after a change, a redirect (so
 * that reloading the page it leads to does not repeat the change).
 */
record Response(int status, String contentType, byte[] body, Map<String, String> headers) {

    static final String HTML = "text/html; charset=utf-8";
    static final String JSON = "application/json; charset=utf-8";

    Response {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(body, "body");
        headers = Map.copyOf(headers);
    }

    static Response html(String page) {
        return new Response(200, HTML, page.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    static Response json(String document) {
        return new Response(200, JSON, document.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    /** 303: the browser follows it with a GET. */
    static Response seeOther(String location) {
        return new Response(303, HTML, new byte[0], Map.of("Location", location));
    }

    static Response error(int status, String title, String reason) {
        return new Response(status, HTML, Layout.page(title, "",
                "<p class=\"error\" role=\"alert\">" + Html.text(reason) + "</p>").getBytes(StandardCharsets.UTF_8),
                Map.of());
    }

    /** 401: the browser asks for a username and password and sends the request again with them. */
    static Response signInNeeded(String reason) {
        Response page = error(401, "Sign in", reason);
        return new Response(401, HTML, page.body(), Map.of("WWW-Authenticate", ConsoleAccess.CHALLENGE));
    }
}
