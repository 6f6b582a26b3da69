package io.hexmq.client.internal.offsets;

import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.remote.Rpc;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Offsets of a clustering group, kept by the brokers: read with QUERY_CONSUMER_OFFSET, written with
 * UPDATE_CONSUMER_OFFSET to the master of each queue's broker, oneway for the periodic commit and
 * awaited on close, so that a member taking over starts where this one stopped.
 */
public final class RemoteOffsetStore extends InMemoryOffsets {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteOffsetStore.class);

    private final ConsumerCalls calls;
    private final String group;
    private final long timeoutMillis;

    public RemoteOffsetStore(ConsumerCalls calls, String group, long timeoutMillis) {
        this.calls = calls;
        this.group = group;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public OptionalLong readStored(MessageQueue queue) {
        return Rpc.await(calls.queryConsumerOffset(group, queue));
    }

    @Override
    public void persistAll(boolean await) {
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        offsets.forEach((queue, offset) -> writes.add(write(queue, offset, !await)));
        if (await) {
            try {
                CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn("Committing the offsets of group {} failed: {}", group, Rpc.unwrap(e).getMessage());
            }
        }
    }

    @Override
    public void persistAndRemove(MessageQueue queue) {
        Long offset = offsets.remove(queue);
        if (offset != null) {
            write(queue, offset, true);
        }
    }

    private CompletableFuture<Void> write(MessageQueue queue, long offset, boolean oneway) {
        return calls.updateConsumerOffset(group, queue, offset, oneway).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.debug("Committing offset {} of {} for group {} failed: {}", offset, queue, group,
                        Rpc.unwrap(failure).getMessage());
            }
        });
    }
}
