package io.hexmq.adapters.ratis.propose;

import io.hexmq.domain.replication.ReplicationFailedException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Coalesces concurrent proposals into log entries: a single writer takes whatever accumulated while
 * earlier entries were in flight (up to a size), submits it as one entry, and hands each proposal its own
 * answer when the entry's answers come back. A few entries may be in flight at once, so replication stays
 * pipelined while each round carries many proposals: per-entry costs (the leader's lock, the log record,
 * the follower round trip, the apply hand-off) are paid once per batch, not per proposal.
 *
 * <p>Callers never wait: {@link #propose} queues and returns. Batches are built by the writer only; the
 * queue between callers and the writer is lock-free. An entry's proposals are answered on the thread that
 * completes the entry (the log's), not handed back to the writer: a hand-off per entry is a context switch,
 * and the writer is woken only when proposals wait.
 */
public final class ProposalBatcher {

    private final Queue<Proposal> queue = new ConcurrentLinkedQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Executor writer;
    private final Function<byte[], CompletableFuture<ByteBuffer>> submit;
    private final int maxInFlight;
    private final int maxBatchBytes;
    private final long maxQueuedBytes;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean closed;

    /**
     * @param writer one thread: drains the queue into entries
     * @param submit submits one encoded batch as one entry; completes with the encoded answers, or fails
     *     with the exception every proposal in the batch then fails with
     * @param maxInFlight how many entries may wait for their commit at once
     * @param maxBatchBytes a batch closes once it holds this much (a larger proposal travels alone)
     * @param maxQueuedBytes proposals waiting beyond this much are refused, so a stalled log does not fill
     *     the heap
     */
    public ProposalBatcher(Executor writer, Function<byte[], CompletableFuture<ByteBuffer>> submit,
                           int maxInFlight, int maxBatchBytes, long maxQueuedBytes) {
        this.writer = writer;
        this.submit = submit;
        this.maxInFlight = maxInFlight;
        this.maxBatchBytes = maxBatchBytes;
        this.maxQueuedBytes = maxQueuedBytes;
    }

    public CompletableFuture<byte[]> propose(byte[] entry) {
        CompletableFuture<byte[]> answer = new CompletableFuture<>();
        if (closed) {
            answer.completeExceptionally(new ReplicationFailedException("the group log is stopped"));
            return answer;
        }
        if (queuedBytes.addAndGet(entry.length) > maxQueuedBytes) {
            queuedBytes.addAndGet(-entry.length);
            answer.completeExceptionally(new ReplicationFailedException(
                    "the group log is overloaded: more than " + maxQueuedBytes + " bytes of proposals wait"));
            return answer;
        }
        queue.add(new Proposal(entry, answer));
        if (closed) {
            failQueued();
        } else {
            scheduleDrain();
        }
        return answer;
    }

    /** Refuses new proposals and fails the queued ones; entries in flight end as the log answers them. */
    public void close() {
        closed = true;
        failQueued();
    }

    private void scheduleDrain() {
        if (!queue.isEmpty() && drainScheduled.compareAndSet(false, true)) {
            writer.execute(this::drain);
        }
    }

    /** Only entries completing lower the count meanwhile, so the writer never puts more than the maximum in flight. */
    private void drain() {
        drainScheduled.set(false);
        while (inFlight.get() < maxInFlight && !queue.isEmpty() && !closed) {
            submitBatch();
        }
    }

    private void submitBatch() {
        List<Proposal> batch = new ArrayList<>();
        List<byte[]> entries = new ArrayList<>();
        long bytes = 0;
        for (Proposal next; (next = queue.peek()) != null; ) {
            boolean full = !batch.isEmpty() && (bytes + next.entry.length > maxBatchBytes
                    || batch.size() == BatchLayout.MAX_PARTS);
            if (full) {
                break;
            }
            queue.poll();
            batch.add(next);
            entries.add(next.entry);
            bytes += next.entry.length;
        }
        queuedBytes.addAndGet(-bytes);
        inFlight.incrementAndGet();
        CompletableFuture<ByteBuffer> answers;
        try {
            answers = submit.apply(BatchLayout.encode(entries, bytes));
        } catch (RuntimeException e) {
            answers = CompletableFuture.failedFuture(e);
        }
        answers.whenComplete((encoded, failure) -> {
            inFlight.decrementAndGet();
            complete(batch, encoded, failure);
            if (!closed) {
                scheduleDrain();
            }
        });
    }

    private static void complete(List<Proposal> batch, ByteBuffer encoded, Throwable failure) {
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            batch.forEach(proposal -> proposal.answer.completeExceptionally(cause));
            return;
        }
        BatchLayout.Parts answers;
        try {
            answers = new BatchLayout.Parts(encoded);
            if (answers.count() != batch.size()) {
                throw new IllegalArgumentException(answers.count() + " answers for " + batch.size() + " proposals");
            }
        } catch (RuntimeException e) {
            ReplicationFailedException unreadable = new ReplicationFailedException("unreadable answers: " + e.getMessage(), e);
            batch.forEach(proposal -> proposal.answer.completeExceptionally(unreadable));
            return;
        }
        for (Proposal proposal : batch) {
            proposal.answer.complete(answers.nextBytes());
        }
    }

    private void failQueued() {
        for (Proposal next; (next = queue.poll()) != null; ) {
            queuedBytes.addAndGet(-next.entry.length);
            next.answer.completeExceptionally(new ReplicationFailedException("the group log is stopped"));
        }
    }

    private record Proposal(byte[] entry, CompletableFuture<byte[]> answer) {
    }
}
