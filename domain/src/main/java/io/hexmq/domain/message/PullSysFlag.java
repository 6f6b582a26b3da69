package io.hexmq.domain.message;

/**
 * The bits of a pull request's {@code sysFlag}: what the consumer asks the broker to do besides
 * reading. Plain int masks because the flag travels as an int; the broker and the SDK both read them
 * from here.
 */
public final class PullSysFlag {

    /** The consumer's {@code commitOffset} is to be stored as the group's offset. */
    public static final int COMMIT_OFFSET = 0x1;
    /** The pull may wait for a message. */
    public static final int SUSPEND = 0x2;
    /** The request carries its own subscription expression. */
    public static final int SUBSCRIPTION = 0x4;
    /** Legacy filter-server class filtering; ignored. */
    public static final int CLASS_FILTER = 0x8;
    /** Sent by lite pull consumers. */
    public static final int LITE_PULL_MESSAGE = 0x10;

    private PullSysFlag() {
    }
}
