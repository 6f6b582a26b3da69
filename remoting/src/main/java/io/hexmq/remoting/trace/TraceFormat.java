package io.hexmq.remoting.trace;

/**
 * RocketMQ's trace record format, as its clients write it to the trace topic and its tools read it back: a
 * trace message's body is records, each ended by {@link #RECORD_END}, each a row of fields split by
 * {@link #FIELD_SEPARATOR} and led by its type. A field with no value is written as {@link #NO_VALUE}.
 */
public final class TraceFormat {

    public static final char FIELD_SEPARATOR = '\u0001';
    public static final char RECORD_END = '\u0002';
    public static final String NO_VALUE = "null";

    public static final String PUB = "Pub";
    public static final String SUB_BEFORE = "SubBefore";
    public static final String SUB_AFTER = "SubAfter";
    public static final String END_TRANSACTION = "EndTransaction";

    /** The group a client's trace writer sends as, followed by the traced group and its role. */
    public static final String WRITER_GROUP_PREFIX = "_INNER_TRACE_PRODUCER-";

    /** Trace messages carry at most this many characters of records, as RocketMQ's writers cap them. */
    public static final int MAX_MESSAGE_CHARS = 128_000;

    private TraceFormat() {
    }
}
