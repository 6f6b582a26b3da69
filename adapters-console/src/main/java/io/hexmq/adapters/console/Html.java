package io.hexmq.adapters.console;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Text made safe for HTML: everything a page shows from the broker (topic names, keys, properties, bodies) passes
 * through {@link #text}, so a message body or a client id cannot add markup or script to the console.
 */
final class Html {

    private Html() {
    }

    /** Escapes the five characters that can end text or an attribute value; safe in both places. */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder escaped = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String replacement = switch (c) {
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (replacement != null && escaped == null) {
                escaped = new StringBuilder(value.length() + 16).append(value, 0, i);
            }
            if (escaped != null) {
                if (replacement != null) {
                    escaped.append(replacement);
                } else {
                    escaped.append(c);
                }
            }
        }
        return escaped == null ? value : escaped.toString();
    }

    /** A query-string value: percent-encoded UTF-8, then escaped for the attribute it goes into. */
    static String param(String value) {
        return text(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }
}
