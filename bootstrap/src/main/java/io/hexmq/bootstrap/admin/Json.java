package io.hexmq.bootstrap.admin;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.hexmq.remoting.body.JsonBodies;

/**
 * The {@code --json} form of a report: indented, UTF-8 as is, nulls written, one document per command.
 * Gson writes the report's records, lists and maps through the writer {@link JsonBodies} gives every JSON
 * body, so the CLI's JSON is written the way the protocol's is.
 */
final class Json {

    private static final Gson REPORTS = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    private Json() {
    }

    static String write(Object value) {
        return JsonBodies.text(json -> {
            json.setIndent("  ");
            REPORTS.toJson(value, value.getClass(), json);
        }) + System.lineSeparator();
    }
}
