package io.hexmq.remoting.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * The one place that turns a handler's exception into a response code and remark. The most specific
 * registered exception type wins (walking up the superclasses); anything unregistered is unexpected:
 * SYSTEM_ERROR with the exception text, logged with its stack trace by the dispatcher.
 *
 * <p>Immutable; {@link #with} returns an extended copy, so the broker can add its domain exceptions:
 * <pre>{@code
 * ResponseCodes codes = ResponseCodes.defaults()
 *         .with(TopicNotFoundException.class, ResponseCode.TOPIC_NOT_EXIST)
 *         .with(QueueIdOutOfRange.class, e -> new ResponseCodes.ErrorReply(ResponseCode.INVALID_PARAMETER, e.getMessage()));
 * }</pre>
 */
public final class ResponseCodes {

    /** The code and remark an exception is answered with. */
    public record ErrorReply(int code, String remark) {
    }

    private final Map<Class<? extends Throwable>, Function<Throwable, ErrorReply>> mappings;

    private ResponseCodes(Map<Class<? extends Throwable>, Function<Throwable, ErrorReply>> mappings) {
        this.mappings = mappings;
    }

    /**
     * Header field problems become SYSTEM_ERROR naming the field; a full handler executor becomes
     * SYSTEM_BUSY, which clients retry, with the official server's remark.
     */
    public static ResponseCodes defaults() {
        return new ResponseCodes(Map.of())
                .with(HeaderFieldException.class, ResponseCode.SYSTEM_ERROR)
                .with(RejectedExecutionException.class, e -> new ErrorReply(ResponseCode.SYSTEM_BUSY,
                        "[OVERLOAD]system busy, start flow control for a while"));
    }

    /** A copy that answers {@code type} (and subtypes not registered themselves) through {@code mapping}. */
    public <E extends Throwable> ResponseCodes with(Class<E> type, Function<? super E, ErrorReply> mapping) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(mapping, "mapping");
        Map<Class<? extends Throwable>, Function<Throwable, ErrorReply>> copy = new HashMap<>(mappings);
        copy.put(type, failure -> mapping.apply(type.cast(failure)));
        return new ResponseCodes(Map.copyOf(copy));
    }

    /** A copy that answers {@code type} with {@code code} and the exception's message as remark. */
    public <E extends Throwable> ResponseCodes with(Class<E> type, int code) {
        return with(type, e -> new ErrorReply(code, e.getMessage()));
    }

    /** Whether {@code failure} has a registered mapping, i.e. is an expected outcome. */
    public boolean isExpected(Throwable failure) {
        return mappingFor(unwrap(failure)) != null;
    }

    public ErrorReply map(Throwable failure) {
        Throwable cause = unwrap(failure);
        Function<Throwable, ErrorReply> mapping = mappingFor(cause);
        return mapping != null ? mapping.apply(cause) : new ErrorReply(ResponseCode.SYSTEM_ERROR, cause.toString());
    }

    private Function<Throwable, ErrorReply> mappingFor(Throwable failure) {
        for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
            Function<Throwable, ErrorReply> mapping = mappings.get(type);
            if (mapping != null) {
                return mapping;
            }
        }
        return null;
    }

    /** Futures wrap the handler's exception; the answer is about the handler's exception. */
    static Throwable unwrap(Throwable failure) {
        Throwable current = failure;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
