package io.hexmq.client.internal.push;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.remote.Rpc;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consume-pool task per message, in no particular order. A failed message goes back to the broker,
 * which delivers it again later through the group's retry topic; the queue's offset moves past it only
 * once the broker has it, so a send-back that fails is retried here after a pause instead.
 */
record ConcurrentConsumeService(boolean broadcasting, PushConsumerThreads threads, ConsumeOutcomes outcomes)
        implements ConsumeService {

    private static final Logger LOG = LoggerFactory.getLogger(ConcurrentConsumeService.class);
    private static final long LOCAL_RETRY_DELAY_MILLIS = 5_000;

    @Override
    public void dispatch(ProcessQueue processQueue, List<ReceivedMessage> messages) {
        for (ReceivedMessage message : messages) {
            threads.onConsumeThread(() -> consume(processQueue, message));
        }
    }

    private void consume(ProcessQueue processQueue, ReceivedMessage message) {
        if (processQueue.isDropped() || threads.isStopped()) {
            return;
        }
        if (outcomes.callListener(message) == ConsumeResult.SUCCESS || broadcasting) {
            // Broadcasting has no retry topic: like RocketMQ's clients, a failed message is dropped.
            outcomes.consumed(processQueue, message);
            return;
        }
        outcomes.sendBack(processQueue.queue(), message, 0).whenComplete((ok, failure) -> {
            if (failure == null) {
                outcomes.consumed(processQueue, message);
            } else {
                LOG.warn("Handing message {} back failed; consuming it here again in {} ms: {}", message.msgId(),
                        LOCAL_RETRY_DELAY_MILLIS, Rpc.unwrap(failure).getMessage());
                threads.later(() -> threads.onConsumeThread(() -> consume(processQueue, message)),
                        LOCAL_RETRY_DELAY_MILLIS);
            }
        });
    }
}
