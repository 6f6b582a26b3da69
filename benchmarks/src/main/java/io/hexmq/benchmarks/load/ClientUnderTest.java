package io.hexmq.benchmarks.load;

import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;

/**
 * The client an {@link EndToEndBench} run drives: one producer shared by every producer thread and
 * push consumers of one group, all on one topic, so that the bench measures both clients the same way.
 * Each consumer has its own connections, as a separate process would.
 *
 * <p>Implementations neither retry nor compress: every failure reaches the bench, and the broker sees
 * the bytes asked for. Closing ends every thread the client started.
 */
interface ClientUnderTest extends AutoCloseable {

    /** The outcome of an asynchronous send, on the client's callback threads. */
    interface SendOutcome {

        /** The broker answered; {@code sendOk} when it stored and flushed as asked (SEND_OK). */
        void completed(boolean sendOk);

        void failed(Throwable failure);
    }

    /** Gets each consumed message's body, on the client's consume threads. */
    @FunctionalInterface
    interface BodyListener {

        void consumed(byte[] body);
    }

    /** The client {@code --client} names, its producer started; consumers come later. */
    static ClientUnderTest of(EndToEndSettings settings, String runId) throws Exception {
        return switch (settings.client()) {
            case OFFICIAL -> new OfficialClient(settings.nameServer(), settings.topic(), runId,
                    settings.accessKey() == null ? null
                            : new AclClientRPCHook(new SessionCredentials(settings.accessKey(), settings.secretKey())),
                    settings.tls(), settings.pop());
            case SDK -> new SdkClient(settings.nameServer(), settings.topic(), runId);
        };
    }

    /**
     * Creates the topic with {@code queues} read and write queues on every master that accepts new
     * topics (those in the TBW102 route) and waits until the NameServer routes it so. Returns the
     * topic's queue count across brokers.
     */
    int createTopic(int queues) throws Exception;

    /** Starts one more consumer of the topic, in the run's group, reading new queues from their first message. */
    void startConsumer(BodyListener listener) throws Exception;

    /** Queues of the topic the consumers pull now, summed over consumers. */
    int assignedQueues();

    /** Sends and waits; true on SEND_OK. */
    boolean send(byte[] body) throws Exception;

    /** Sends and returns at once; {@code outcome} hears the answer. May throw instead when the send cannot start. */
    void sendAsync(byte[] body, SendOutcome outcome) throws Exception;

    /** Sends without an answer. */
    void sendOneway(byte[] body) throws Exception;

    /** Shuts the producer and the consumers down. */
    @Override
    void close();
}
