package io.hexmq.adapters.console;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Times as the pages show them and as a browser's {@code datetime-local} field sends them, in the broker's zone. */
final class Times {

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final ZoneId zone;

    Times(ZoneId zone) {
        this.zone = zone;
    }

    /** Epoch millis as a local time; 0 (RocketMQ's "none") as a dash. */
    String show(long epochMillis) {
        return epochMillis <= 0 ? "–" : SHOWN.format(Instant.ofEpochMilli(epochMillis).atZone(zone));
    }

    /** A {@code datetime-local} value ({@code 2026-12-03T07:15} or with seconds) as epoch millis. */
    long parse(String field, String value) {
        try {
            return LocalDateTime.parse(value).atZone(zone).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new BadRequestException(field + " must be a date and time like 2026-12-03T07:15, not '" + value + "'");
        }
    }

    /** The value a {@code datetime-local} field shows for epoch millis. */
    String field(long epochMillis) {
        return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                Instant.ofEpochMilli(epochMillis).atZone(zone).toLocalDateTime().withNano(0));
    }

    String zoneName() {
        return zone.getId();
    }
}
