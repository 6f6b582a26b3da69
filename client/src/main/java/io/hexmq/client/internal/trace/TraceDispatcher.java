package io.hexmq.client.internal.trace;

import io.hexmq.client.Message;
import io.hexmq.remoting.trace.TraceFormat;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes trace records to the trace topic off the traced client's threads: {@link #append} only queues
 * (dropping the record when the buffer is full, so tracing never holds a send or a listener up), and one
 * writer thread takes what has queued, joins it into trace messages of at most
 * {@link TraceFormat#MAX_MESSAGE_CHARS} keyed by the traced messages' ids and keys, and sends them
 * asynchronously. Closing writes what is queued, waits a bounded time for it, then closes the sender.
 */
public final class TraceDispatcher implements AutoCloseable {

    public static final int DEFAULT_BUFFER = 2048;

    private static final Logger LOG = LoggerFactory.getLogger(TraceDispatcher.class);
    private static final long CLOSE_WAIT_MILLIS = 3_000;

    private final String traceTopic;
    private final Function<Message, CompletableFuture<?>> send;
    private final AutoCloseable sender;
    private final BlockingQueue<TraceRecord> buffer;
    private final AtomicLong dropped = new AtomicLong();
    private final List<CompletableFuture<?>> inFlight = new ArrayList<>();
    private final Thread writer;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param send   sends one trace message asynchronously (a producer of its own, not traced itself)
     * @param sender what {@code send} sends with, closed last
     */
    public TraceDispatcher(String name, String traceTopic, int bufferSize, Function<Message, CompletableFuture<?>> send,
                           AutoCloseable sender) {
        this.traceTopic = Objects.requireNonNull(traceTopic, "traceTopic");
        this.send = Objects.requireNonNull(send, "send");
        this.sender = Objects.requireNonNull(sender, "sender");
        this.buffer = new ArrayBlockingQueue<>(bufferSize);
        this.writer = new Thread(this::write, "hexmq-trace-" + name);
        writer.setDaemon(true);
        writer.start();
    }

    public String traceTopic() {
        return traceTopic;
    }

    /** Queues a record; drops it when the buffer is full. */
    public void append(TraceRecord record) {
        if (!buffer.offer(record)) {
            if (dropped.getAndIncrement() % 1000 == 0) {
                LOG.warn("Trace buffer of {} records full: dropping trace records ({} so far)",
                        buffer.remainingCapacity() + buffer.size(), dropped.get());
            }
        }
    }

    /** Records dropped because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    private void write() {
        List<TraceRecord> taken = new ArrayList<>();
        try {
            while (true) {
                taken.add(buffer.take());
                buffer.drainTo(taken);
                sendAll(taken);
            }
        } catch (InterruptedException closing) {
            buffer.drainTo(taken);
            sendAll(taken);
        }
    }

    private void sendAll(List<TraceRecord> records) {
        StringBuilder body = new StringBuilder();
        Set<String> keys = new LinkedHashSet<>();
        for (TraceRecord record : records) {
            if (body.length() > 0 && body.length() + record.text().length() > TraceFormat.MAX_MESSAGE_CHARS) {
                sendOne(body, keys);
            }
            body.append(record.text());
            keys.addAll(record.keys());
        }
        if (body.length() > 0) {
            sendOne(body, keys);
        }
        records.clear();
    }

    private void sendOne(StringBuilder body, Set<String> keys) {
        Message message = Message.builder(traceTopic).body(body.toString())
                .keys(keys.toArray(String[]::new)).build();
        body.setLength(0);
        keys.clear();
        CompletableFuture<?> sent;
        try {
            sent = send.apply(message);
        } catch (RuntimeException e) {
            LOG.warn("Writing trace to {} failed: {}", traceTopic, e.getMessage());
            return;
        }
        synchronized (inFlight) {
            inFlight.removeIf(CompletableFuture::isDone);
            inFlight.add(sent.whenComplete((ok, failure) -> {
                if (failure != null) {
                    LOG.warn("Writing trace to {} failed: {}", traceTopic, failure.getMessage());
                }
            }));
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        writer.interrupt();
        try {
            writer.join(CLOSE_WAIT_MILLIS);
            CompletableFuture<?>[] pending;
            synchronized (inFlight) {
                pending = inFlight.toArray(CompletableFuture[]::new);
            }
            CompletableFuture.allOf(pending).get(CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception notAllWritten) {
            LOG.warn("Closing with trace records not all written to {}: {}", traceTopic, notAllWritten.getMessage());
        }
        try {
            sender.close();
        } catch (Exception e) {
            LOG.warn("Closing the trace writer failed", e);
        }
    }
}
