package io.hexmq.adapters.netty.security;

import io.hexmq.domain.time.port.Clock;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log of refused requests: who claimed to send it, from where, which request code, and why; never
 * a secret or a signature. At most {@code linesPerWindow} lines each {@code windowMillis}, then one line
 * counting the refusals that were not written, so a flood of bad requests cannot fill the disk.
 */
final class RefusalAudit {

    /** Longer claimed names are cut: the name comes from whoever connects. */
    private static final int MAX_CLAIMED_LENGTH = 64;

    private final Clock clock;
    private final Logger log;
    private final long windowMillis;
    private final int linesPerWindow;

    private long windowStart = Long.MIN_VALUE;
    private int linesInWindow;
    private long unwritten;

    RefusalAudit(Clock clock, long windowMillis, int linesPerWindow) {
        this(clock, windowMillis, linesPerWindow, LoggerFactory.getLogger("io.hexmq.audit"));
    }

    /** @param log where the lines go; a test reads them there */
    RefusalAudit(Clock clock, long windowMillis, int linesPerWindow, Logger log) {
        this.clock = clock;
        this.windowMillis = windowMillis;
        this.linesPerWindow = linesPerWindow;
        this.log = log;
    }

    /**
     * @param claimed the user the request named, {@code null} when none
     * @param reason  why it was refused, as the client is told
     */
    void refused(int requestCode, InetSocketAddress from, String claimed, String reason) {
        long unwrittenBefore;
        synchronized (this) {
            long now = clock.millis();
            unwrittenBefore = 0;
            if (windowStart == Long.MIN_VALUE || now - windowStart >= windowMillis) {
                windowStart = now;
                linesInWindow = 0;
                unwrittenBefore = unwritten;
                unwritten = 0;
            }
            if (linesInWindow == linesPerWindow) {
                unwritten++;
                return;
            }
            linesInWindow++;
        }
        if (unwrittenBefore > 0) {
            log.warn("{} more refused requests were not logged in the last {} ms", unwrittenBefore, windowMillis);
        }
        log.warn("Refused request code {} from {} (user {}): {}", requestCode, from, printable(claimed), reason);
    }

    private static String printable(String claimed) {
        if (claimed == null) {
            return "none";
        }
        String cut = claimed.length() > MAX_CLAIMED_LENGTH ? claimed.substring(0, MAX_CLAIMED_LENGTH) + "..." : claimed;
        StringBuilder text = new StringBuilder(cut.length());
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            text.append(Character.isISOControl(c) ? '?' : c);
        }
        return text.toString();
    }
}
