package io.hexmq.bootstrap.admin;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** How values look in a table cell; {@code null} prints as {@code -}. */
final class Cells {

    private static final int BODY_PREVIEW = 60;

    private Cells() {
    }

    /** A store or born time as UTC to the second; {@code null} when the server sent none (0). */
    static String time(long epochMillis) {
        return epochMillis <= 0 ? null : Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** Permission bits as the number mqadmin shows, with their meaning: {@code 6 (rw)}. */
    static String perm(int perm) {
        return perm + " (" + ((perm & 4) != 0 ? "r" : "-") + ((perm & 2) != 0 ? "w" : "-")
                + ((perm & 1) != 0 ? "i" : "") + ")";
    }

    /** The start of a body, on one line. */
    static String preview(String body) {
        String flat = body.replaceAll("\\R", "\\\\n");
        return flat.length() <= BODY_PREVIEW ? flat : flat.substring(0, BODY_PREVIEW - 3) + "...";
    }
}
