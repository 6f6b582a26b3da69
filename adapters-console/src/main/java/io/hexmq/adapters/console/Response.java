package io.hexmq.adapters.console;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * What a page answers: a status, a content type and a body, or a redirect after a change (so that reloading the page
 * it leads to does not repeat the change).
 */
record Response(int status, String contentType, byte[] body, Optional<String> location) {

    static final String HTML = "text/html; charset=utf-8";
    static final String JSON = "application/json; charset=utf-8";

    Response {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(location, "location");
    }

    static Response html(String page) {
        return new Response(200, HTML, page.getBytes(StandardCharsets.UTF_8), Optional.empty());
    }

    static Response json(String document) {
        return new Response(200, JSON, document.getBytes(StandardCharsets.UTF_8), Optional.empty());
    }

    /** 303: the browser follows it with a GET. */
    static Response seeOther(String location) {
        return new Response(303, HTML, new byte[0], Optional.of(location));
    }

    static Response error(int status, String title, String reason) {
        return new Response(status, HTML, Layout.page(title, "",
                "<p class=\"error\" role=\"alert\">" + Html.text(reason) + "</p>").getBytes(StandardCharsets.UTF_8),
                Optional.empty());
    }
}
