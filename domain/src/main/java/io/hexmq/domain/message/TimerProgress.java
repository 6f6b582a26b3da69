package io.hexmq.domain.message;

/**
 * How far the timer scheduler got. Timer messages are parked in queue 0 of {@code rmq_sys_wheel_timer}
 * in arrival order but delivered in due order, so one offset does not say what was delivered. Below
 * {@code scanFrom} everything was; at or above it, a message was delivered exactly when a marker in
 * {@code rmq_sys_wheel_timer_delivered} names its parked offset, and {@code markersFrom} says where
 * those markers start.
 *
 * @param scanFrom      the lowest parked queue offset of a message that may still wait: a restart re-reads
 *                      the timer queue from here to rebuild the waiting set
 * @param markersFrom   the offset in the marker queue at or after which lies every marker naming a parked
 *                      offset at or above {@code scanFrom}: a restart reads markers from here
 * @param lastDueMillis only in progress saved before markers existed: the due time of the last message
 *                      delivered then (deliveries went in (due time, offset) order, so messages ordered at
 *                      or before it were taken for delivered); -1 otherwise
 * @param lastOffset    the parked offset of that message; -1 when there is none
 */
public record TimerProgress(long scanFrom, long markersFrom, long lastDueMillis, long lastOffset) {

    public static final TimerProgress NONE = new TimerProgress(0, 0, -1, -1);

    public TimerProgress {
        if (scanFrom < 0) {
            throw new IllegalArgumentException("scanFrom is negative: " + scanFrom);
        }
        if (markersFrom < 0) {
            throw new IllegalArgumentException("markersFrom is negative: " + markersFrom);
        }
        if (lastOffset < -1) {
            throw new IllegalArgumentException("lastOffset is below -1: " + lastOffset);
        }
    }

    /** Progress as this broker saves it: delivered messages at or above {@code scanFrom} are marked. */
    public static TimerProgress of(long scanFrom, long markersFrom) {
        return new TimerProgress(scanFrom, markersFrom, -1, -1);
    }

    /**
     * Progress saved in the format before markers: a scan start and the last delivered (due, offset)
     * pair. No marker was written then, so markers are read from the queue's start.
     */
    public static TimerProgress beforeMarkers(long scanFrom, long lastDueMillis, long lastOffset) {
        return new TimerProgress(scanFrom, 0, lastDueMillis, lastOffset);
    }

    /** Whether this progress still carries a last delivered pair from before markers. */
    public boolean hasLastDelivered() {
        return lastOffset >= 0;
    }

    /**
     * Whether the message at {@code offset}, due at {@code dueMillis}, orders at or before the last
     * delivered pair (and so was taken for delivered by the scheduler that saved it); false without a pair.
     */
    public boolean ordersAtOrBeforeLastDelivered(long dueMillis, long offset) {
        return hasLastDelivered()
                && (dueMillis < lastDueMillis || (dueMillis == lastDueMillis && offset <= lastOffset));
    }
}
