package io.hexmq.bootstrap.admin;

import java.util.Objects;

/**
 * What an admin command answers, in both of its forms: text for a person and a value Gson writes for
 * {@code --json}.
 *
 * @param text a table or a sentence, ending with a line break
 * @param json the same facts as plain values (records, lists, maps)
 */
record Report(String text, Object json) {

    Report {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(json, "json");
    }

    static Report of(Table table, Object json) {
        return new Report(table.render(), json);
    }

    static Report line(String sentence, Object json) {
        return new Report(sentence + System.lineSeparator(), json);
    }
}
