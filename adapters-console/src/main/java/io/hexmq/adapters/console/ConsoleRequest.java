package io.hexmq.adapters.console;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One request as a page sees it: the method, the path, and the parameters of the query string and of a posted
 * form ({@code application/x-www-form-urlencoded}), the form's taking precedence; and who sent it.
 */
record ConsoleRequest(String method, String path, Map<String, String> parameters, Caller caller) {

    ConsoleRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(caller, "caller");
        parameters = Map.copyOf(parameters);
    }

    static ConsoleRequest of(String method, String path, String rawQuery, String formBody, Caller caller) {
        Map<String, String> parameters = new LinkedHashMap<>();
        decodeInto(rawQuery, parameters);
        decodeInto(formBody, parameters);
        return new ConsoleRequest(method, path, parameters, caller);
    }

    boolean isPost() {
        return method.equals("POST");
    }

    /** The parameter with surrounding blanks removed; empty when absent or blank. */
    Optional<String> parameter(String name) {
        String value = parameters.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    /** A required parameter; a missing one is the user's mistake, shown on the page. */
    String required(String name) {
        return parameter(name).orElseThrow(() -> new BadRequestException(name + " is required"));
    }

    int integer(String name, int defaultValue) {
        Optional<String> value = parameter(name);
        if (value.isEmpty()) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.get());
        } catch (NumberFormatException e) {
            throw new BadRequestException(name + " must be a whole number, not '" + value.get() + "'");
        }
    }

    private static void decodeInto(String encoded, Map<String, String> parameters) {
        if (encoded == null || encoded.isEmpty()) {
            return;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            try {
                parameters.put(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("a parameter is not percent-encoded properly: " + pair);
            }
        }
    }
}
