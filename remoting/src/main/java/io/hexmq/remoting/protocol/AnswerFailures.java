package io.hexmq.remoting.protocol;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How the answers that could not be written on one connection are reported, so that a connection reset
 * with hundreds of answers still to come tells an operator twice, not hundreds of times: the first failure
 * in full (it carries the cause), later ones only at DEBUG, and their count once, when the connection has
 * closed and every request it brought has been answered or dropped (answers often fail after the close:
 * their executors finish them later).
 *
 * <p>One per channel, a channel attribute that {@link CommandInboundHandler} attaches; called from the
 * channel's I/O thread and from the executors that complete answers, without locks.
 */
final class AnswerFailures {

    private static final AttributeKey<AnswerFailures> FAILURES =
            AttributeKey.valueOf(AnswerFailures.class, "answerFailures");

    private final AtomicInteger unsettled = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicBoolean counted = new AtomicBoolean();
    private volatile boolean closed;

    static void attach(Channel channel) {
        channel.attr(FAILURES).setIfAbsent(new AnswerFailures());
    }

    static AnswerFailures of(Channel channel) {
        return channel.attr(FAILURES).get();
    }

    /** A request came in; its answer (or none, for a oneway request) is still to come. */
    void requestDispatched() {
        unsettled.incrementAndGet();
    }

    /** An answer could not be written. @return whether it is this connection's first, to be reported in full */
    boolean answerFailed() {
        return failed.incrementAndGet() == 1;
    }

    /**
     * A request's answer was written, could not be written, or is none.
     *
     * @return the number of failed answers to report now, once for the connection; 0 for nothing to report
     */
    int answerSettled() {
        unsettled.decrementAndGet();
        return countToReport();
    }

    /** @return as {@link #answerSettled()} */
    int connectionClosed() {
        closed = true;
        return countToReport();
    }

    /** One failure alone was reported in full already; more are counted once nothing can add to them. */
    private int countToReport() {
        if (closed && unsettled.get() == 0 && failed.get() > 1 && counted.compareAndSet(false, true)) {
            return failed.get();
        }
        return 0;
    }
}
