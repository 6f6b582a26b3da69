package io.hexmq.client.internal.push;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.consumer.PullResult;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.offsets.OffsetStore;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pull loop of a push consumer's assigned queues. Per queue exactly one pull is in flight: the next
 * is issued when the answer arrives, unless the queue has too many unconsumed messages cached (then it
 * is retried shortly) or, orderly, its broker lock is not held. Pulls long-poll: a broker with nothing
 * new holds the request until messages arrive or the suspension ends.
 *
 * <p>Answers are handled on the client's callback threads and never block; delayed pulls go through
 * the client's scheduler. A dropped {@link ProcessQueue} ends its loop.
 */
record QueuePuller(ClientInstance instance, PushConsumerSettings settings,
                   Map<String, ConsumerRegistration.Subscription> subscriptions, ConsumerCalls calls,
                   OffsetStore offsets, PushConsumerThreads threads, ConsumeService consumeService) {

    private static final Logger LOG = LoggerFactory.getLogger(QueuePuller.class);

    /** How long a broker may hold a pull that finds nothing new. */
    private static final long PULL_SUSPEND_MILLIS = 15_000;
    /** Longer than the suspension, so that a held pull is not mistaken for a lost one. */
    private static final long PULL_TIMEOUT_MILLIS = 30_000;
    /** How soon a queue paused by maxCachedMessagesPerQueue checks again whether the listener drained it. */
    private static final long FLOW_CONTROL_DELAY_MILLIS = 50;
    private static final long PULL_DELAY_ON_ERROR_MILLIS = 1_000;
    /** The broker answered FLOW_CONTROL: it is busy, not failing, so try again soon. */
    private static final long BROKER_FLOW_CONTROL_DELAY_MILLIS = 20;
    private static final long LOCK_RETRY_DELAY_MILLIS = 1_000;

    /** Pulls {@code processQueue} from {@code offset} on, until it is dropped or the consumer stops. */
    void pull(ProcessQueue processQueue, long offset) {
        if (processQueue.isDropped() || threads.isStopped()) {
            return;
        }
        if (processQueue.size() >= settings.maxCachedMessagesPerQueue()) {
            processQueue.pausedByFlowControl();
            threads.later(() -> pull(processQueue, offset), FLOW_CONTROL_DELAY_MILLIS);
            return;
        }
        MessageQueue queue = processQueue.queue();
        if (settings.orderly() && !processQueue.holdsLock(instance.clock().millis())) {
            calls.lock(settings.group(), queue.brokerName(), List.of(queue)).whenComplete((locked, failure) -> {
                if (failure == null && locked.contains(queue)) {
                    processQueue.locked(instance.clock().millis());
                    pull(processQueue, offset);
                } else {
                    threads.later(() -> pull(processQueue, offset), LOCK_RETRY_DELAY_MILLIS);
                }
            });
            return;
        }
        ConsumerRegistration.Subscription subscription = subscriptions.get(queue.topic());
        int sysFlag = PullSysFlag.SUSPEND;
        long commitOffset = 0;
        if (!settings.broadcasting()) {
            long current = offsets.current(queue);
            if (current > 0) {
                sysFlag |= PullSysFlag.COMMIT_OFFSET;
                commitOffset = current;
            }
        }
        processQueue.pulled(instance.clock().millis());
        calls.pull(new ConsumerCalls.PullSpec(settings.group(), queue, offset, settings.pullBatchSize(), sysFlag,
                        commitOffset, PULL_SUSPEND_MILLIS, subscription.expression(), subscription.subVersion(),
                        PULL_TIMEOUT_MILLIS))
                .whenCompleteAsync((result, failure) -> onPulled(processQueue, offset, result, failure),
                        instance.callbackExecutor());
    }

    private void onPulled(ProcessQueue processQueue, long offset, PullResult result, Throwable failure) {
        if (processQueue.isDropped() || threads.isStopped()) {
            return;
        }
        if (failure != null) {
            HexmqClientException error = Rpc.asClientException(failure);
            long delay = error.responseCode() == ResponseCode.FLOW_CONTROL
                    ? BROKER_FLOW_CONTROL_DELAY_MILLIS : PULL_DELAY_ON_ERROR_MILLIS;
            if (error.responseCode() == ResponseCode.SUBSCRIPTION_NOT_EXIST
                    || error.responseCode() == ResponseCode.SUBSCRIPTION_NOT_LATEST) {
                instance.heartbeat();
            }
            LOG.debug("Pull of {} at {} failed, again in {} ms: {}", processQueue.queue(), offset, delay,
                    error.getMessage());
            threads.later(() -> pull(processQueue, offset), delay);
            return;
        }
        MessageQueue queue = processQueue.queue();
        long next = result.nextBeginOffset();
        switch (result.status()) {
            case FOUND -> {
                ConsumerRegistration.Subscription subscription = subscriptions.get(queue.topic());
                List<ReceivedMessage> accepted = new ArrayList<>(result.messages().size());
                for (ReceivedMessage message : result.messages()) {
                    if (subscription.accepts(message.properties().get("TAGS"))) {
                        accepted.add(ConsumerCalls.withOriginalTopic(message, settings.group()));
                    }
                }
                if (accepted.isEmpty()) {
                    skipTo(processQueue, next);
                } else {
                    processQueue.add(accepted);
                    consumeService.dispatch(processQueue, accepted);
                }
            }
            case NO_NEW_MESSAGE, NO_MATCHED_MESSAGE -> skipTo(processQueue, next);
            case OFFSET_ILLEGAL -> {
                LOG.warn("Offset {} of {} is not in the queue; continuing at {}", offset, queue, next);
                offsets.update(queue, next, false);
            }
        }
        pull(processQueue, next);
    }

    /** Nothing to consume below {@code next}: when nothing waits either, the offset may move there. */
    private void skipTo(ProcessQueue processQueue, long next) {
        if (processQueue.size() == 0) {
            offsets.update(processQueue.queue(), next, true);
        }
    }
}
