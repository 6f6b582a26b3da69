package io.hexmq.domain.message;

/**
 * How far the timer scheduler got in {@code rmq_sys_wheel_timer} (queue 0). Timer messages are parked
 * in arrival order but delivered in due order, so one offset does not say what was delivered; two
 * facts do:
 *
 * @param scanFrom      the lowest queue offset of a message that may still wait: a restart re-reads the
 *                      queue from here to rebuild the waiting set
 * @param lastDueMillis the due time of the last message delivered (deliveries go in (due time, offset)
 *                      order, so every message ordered at or before it was delivered); -1 when none was
 * @param lastOffset    the queue offset of that message; -1 when none was
 */
public record TimerProgress(long scanFrom, long lastDueMillis, long lastOffset) {

    public static final TimerProgress NONE = new TimerProgress(0, -1, -1);

    public TimerProgress {
        if (scanFrom < 0) {
            throw new IllegalArgumentException("scanFrom is negative: " + scanFrom);
        }
    }

    /** Whether the message at {@code offset}, due at {@code dueMillis}, was delivered before this progress. */
    public boolean delivered(long dueMillis, long offset) {
        return dueMillis < lastDueMillis || (dueMillis == lastDueMillis && offset <= lastOffset);
    }
}
