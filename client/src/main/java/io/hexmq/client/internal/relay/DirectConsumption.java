package io.hexmq.client.internal.relay;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.MessageListener;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.remoting.body.JsonBodies;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CONSUME_MESSAGE_DIRECTLY ({@code mqadmin consumeMessage}): an admin has a broker hand one stored
 * message to a consumer's listener, to see what the listener makes of it. The listener is called once;
 * nothing else follows, whatever it answers: no offset moves and nothing goes back to the broker, as
 * the message was not pulled and may not even belong to the consumer's queues.
 *
 * @param group    the consumer group, for the log
 * @param listener the consumer's listener
 * @param orderly  whether the consumer is orderly, reported back as the result's {@code order}
 * @param nanoTime the clock that times the call
 */
public record DirectConsumption(String group, MessageListener listener, boolean orderly, LongSupplier nanoTime) {

    private static final Logger LOG = LoggerFactory.getLogger(DirectConsumption.class);

    /** ConsumeMessageDirectlyResult's consumeResult values that an SDK listener can bring about. */
    enum Outcome {
        SUCCESS("CR_SUCCESS"),
        LATER("CR_LATER"),
        THREW("CR_THROW_EXCEPTION"),
        RETURNED_NULL("CR_RETURN_NULL");

        private final String wireName;

        Outcome(String wireName) {
            this.wireName = wireName;
        }

        String wireName() {
            return wireName;
        }
    }

    /**
     * What the listener made of the message.
     *
     * @param order       the consumer is orderly
     * @param outcome     the listener's answer
     * @param remark      what the listener threw, else {@code null}
     * @param spentMillis how long the listener took
     */
    public record Result(boolean order, Outcome outcome, String remark, long spentMillis) {

        /**
         * ConsumeMessageDirectlyResult {@code {"autoCommit":true,"consumeResult":"CR_SUCCESS","order":false,
         * "remark":..,"spentTimeMills":3}}; autoCommit is always true, as the SDK has no manual commit mode.
         */
        byte[] toJson() {
            return JsonBodies.write(json -> {
                json.beginObject().name("autoCommit").value(true).name("consumeResult").value(outcome.wireName())
                        .name("order").value(order);
                if (remark != null) {
                    json.name("remark").value(remark);
                }
                // The official field is spelt so: fastjson matches its getSpentTimeMills.
                json.name("spentTimeMills").value(spentMillis).endObject();
            });
        }
    }

    public Result consume(ReceivedMessage message) {
        long start = nanoTime.getAsLong();
        Outcome outcome;
        String remark = null;
        try {
            ConsumeResult result = listener.consume(message);
            outcome = result == null ? Outcome.RETURNED_NULL
                    : result == ConsumeResult.SUCCESS ? Outcome.SUCCESS : Outcome.LATER;
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError) {
                throw e;
            }
            LOG.warn("The listener of group {} threw on message {}, handed to it by an admin", group,
                    message.msgId(), e);
            outcome = Outcome.THREW;
            StackTraceElement[] frames = e.getStackTrace();
            remark = frames.length == 0 ? e.toString() : e + " at " + frames[0];
        }
        long spent = TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - start);
        return new Result(orderly, outcome, remark, spent);
    }
}
