package io.hexmq.bootstrap.admin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A table of text for the terminal: a header row, then one row per item, columns separated by two
 * spaces and padded to their widest cell. Columns whose cells are all numbers are right-aligned, so
 * offsets and counts line up by digit. No trailing spaces, so output diffs cleanly.
 */
final class Table {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    private Table(List<String> headers) {
        this.headers = headers;
    }

    static Table of(String... headers) {
        return new Table(List.of(headers));
    }

    /** Adds a row; {@code null} cells print as {@code -}, a missing trailing cell as empty. */
    Table row(Object... cells) {
        if (cells.length > headers.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells for " + headers.size() + " columns");
        }
        List<String> row = new ArrayList<>(headers.size());
        for (int i = 0; i < headers.size(); i++) {
            row.add(i < cells.length ? Objects.toString(cells[i], "-") : "");
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The header and the rows, each line ending with a line break. */
    String render() {
        int[] widths = new int[headers.size()];
        boolean[] numeric = new boolean[headers.size()];
        Arrays.fill(numeric, !rows.isEmpty());
        for (int column = 0; column < headers.size(); column++) {
            widths[column] = headers.get(column).length();
            for (List<String> row : rows) {
                String cell = row.get(column);
                widths[column] = Math.max(widths[column], cell.length());
                numeric[column] &= NUMBER.matcher(cell).matches();
            }
        }
        StringBuilder text = new StringBuilder();
        appendLine(text, headers, widths, numeric);
        for (List<String> row : rows) {
            appendLine(text, row, widths, numeric);
        }
        return text.toString();
    }

    private static void appendLine(StringBuilder text, List<String> cells, int[] widths, boolean[] numeric) {
        StringBuilder line = new StringBuilder();
        for (int column = 0; column < cells.size(); column++) {
            String cell = cells.get(column);
            String padding = " ".repeat(widths[column] - cell.length());
            if (column > 0) {
                line.append(GAP);
            }
            line.append(numeric[column] ? padding + cell : cell + padding);
        }
        text.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
}
