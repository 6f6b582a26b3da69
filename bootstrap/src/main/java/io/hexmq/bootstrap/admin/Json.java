package io.hexmq.bootstrap.admin;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** The {@code --json} form of a report: indented, UTF-8 as is, one document per command. */
final class Json {

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();

    private Json() {
    }

    static String write(Object value) {
        return GSON.toJson(value) + System.lineSeparator();
    }
}
