package io.hexmq.client.internal.push;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.instance.ClientClock;
import io.hexmq.client.internal.offsets.OffsetStore;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.client.internal.trace.ConsumeTracing;
import io.hexmq.client.internal.trace.TraceRecord;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both consume services do around the listener: ask it (a throw or null means consume later; both
 * traced when the consumer traces),
 * let the queue's offset move past a consumed message, and hand a failed one back to the broker.
 */
record ConsumeOutcomes(PushConsumerSettings settings, ConsumerCalls calls, OffsetStore offsets, ClientClock clock,
                       ConsumeTracing tracing) {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumeOutcomes.class);

    ConsumeResult callListener(ReceivedMessage message) {
        Optional<TraceRecord.Delivered> delivery = tracing.delivering(message);
        try {
            ConsumeResult result = settings.listener().consume(message);
            tracing.answered(delivery, result);
            return result == null ? ConsumeResult.RECONSUME_LATER : result;
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError) {
                throw e;
            }
            tracing.threw(delivery);
            LOG.warn("The listener of group {} threw on message {}; it will be delivered again", settings.group(),
                    message.msgId(), e);
            return ConsumeResult.RECONSUME_LATER;
        }
    }

    void consumed(ProcessQueue processQueue, ReceivedMessage message) {
        long commitOffset = processQueue.remove(message, clock.millis());
        if (commitOffset >= 0 && !processQueue.isDropped()) {
            offsets.update(processQueue.queue(), commitOffset, true);
        }
    }

    /**
     * CONSUMER_SEND_MSG_BACK, falling back to a plain send to the retry topic. Delay level 0 lets the
     * broker choose the delay; below 0 the broker puts the message in the dead letter topic, as it does
     * once a message has been delivered maxReconsumeTimes times (protocol.md §2.3.3).
     */
    CompletableFuture<Void> sendBack(MessageQueue from, ReceivedMessage message, int delayLevel) {
        return calls.sendBack(settings.group(), from, message, delayLevel, settings.maxReconsumeTimes())
                .exceptionallyCompose(refused -> {
                    LOG.debug("Send-back of {} refused ({}); sending it to the retry topic", message.msgId(),
                            Rpc.unwrap(refused).getMessage());
                    return calls.sendToRetryTopic(settings.group(), message, message.topic(),
                            settings.maxReconsumeTimes());
                });
    }
}
