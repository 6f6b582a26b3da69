package io.hexmq.client.internal.producer;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.MessageQueueSelector;
import io.hexmq.client.Producer;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.client.internal.route.PublishInfo;
import io.hexmq.client.internal.trace.ProducerTracing;
import io.hexmq.remoting.body.BatchBodyLayout;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The producer: prepares a message once (properties with a fresh {@code UNIQ_KEY}), then tries it
 * asynchronously, each attempt choosing a queue from the topic's publish info and sending to its
 * broker's master; sync sends wait for the same path. The whole of a send, retries included, fits in
 * the send timeout.
 */
public final class DefaultProducer implements Producer {

    /** Codes after which another broker may succeed (protocol.md §2.3.2). */
    private static final Set<Integer> RETRYABLE = Set.of(ResponseCode.TOPIC_NOT_EXIST,
            ResponseCode.SERVICE_NOT_AVAILABLE, ResponseCode.SYSTEM_ERROR, ResponseCode.SYSTEM_BUSY,
            ResponseCode.NO_PERMISSION, ResponseCode.NO_BUYER_ID, ResponseCode.NOT_IN_CURRENT_UNIT,
            ResponseCode.GO_AWAY, HexmqClientException.TIMEOUT, HexmqClientException.CONNECTION_FAILED,
            HexmqClientException.NO_ROUTE);

    /**
     * A prepared send: its topic, the msgId to report, its request for a given queue, and for tracing the
     * message (none for a batch, which is not traced) and when the send started.
     */
    private record Outgoing(String topic, String msgId, Function<MessageQueue, RemotingCommand> request,
                            Message message, long bornTimestamp) {
    }

    /** How an attempt picks its queue; only round-robin sends move to another broker on retry. */
    private interface QueueChoice {
        MessageQueue choose(PublishInfo info, String avoidBroker);

        default boolean retriesOnOtherBroker() {
            return false;
        }
    }

    private final ClientInstance instance;
    private final ProducerSettings settings;
    private final ProducerTracing tracing;
    private final ConcurrentMap<String, AtomicInteger> roundRobin = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    public DefaultProducer(ClientInstance instance, ProducerSettings settings) {
        this(instance, settings, ProducerTracing.off(settings.group()));
    }

    public DefaultProducer(ClientInstance instance, ProducerSettings settings, ProducerTracing tracing) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.tracing = Objects.requireNonNull(tracing, "tracing");
        instance.registerProducer(settings.group());
    }

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public SendReceipt send(Message message) {
        return Rpc.await(send(prepare(message), roundRobin(message.topic())));
    }

    @Override
    public SendReceipt send(Message message, MessageQueue queue) {
        return Rpc.await(send(prepare(message), fixed(message.topic(), queue)));
    }

    @Override
    public SendReceipt send(Message message, MessageQueueSelector selector, Object arg) {
        return Rpc.await(send(prepare(message), selected(message, selector, arg)));
    }

    @Override
    public CompletableFuture<SendReceipt> sendAsync(Message message) {
        return onCallbackThreads(send(prepare(message), roundRobin(message.topic())));
    }

    @Override
    public CompletableFuture<SendReceipt> sendAsync(Message message, MessageQueue queue) {
        return onCallbackThreads(send(prepare(message), fixed(message.topic(), queue)));
    }

    @Override
    public CompletableFuture<SendReceipt> sendAsync(Message message, MessageQueueSelector selector, Object arg) {
        return onCallbackThreads(send(prepare(message), selected(message, selector, arg)));
    }

    @Override
    public void sendOneway(Message message) {
        Outgoing outgoing = prepare(message);
        requireOpen();
        PublishInfo info = Rpc.await(instance.routes().publishInfo(outgoing.topic(), settings.defaultTopicQueueNums(),
                false));
        MessageQueue queue = roundRobin(message.topic()).choose(info, null);
        String address = master(info, queue);
        if (address == null) {
            throw noMaster(queue);
        }
        Rpc.await(instance.rpc().invokeOneway(address, outgoing.request().apply(queue)));
    }

    @Override
    public SendReceipt sendBatch(List<Message> messages) {
        Outgoing outgoing = prepareBatch(messages);
        return Rpc.await(send(outgoing, roundRobin(outgoing.topic())));
    }

    @Override
    public SendReceipt sendBatch(List<Message> messages, MessageQueue queue) {
        Outgoing outgoing = prepareBatch(messages);
        return Rpc.await(send(outgoing, fixed(outgoing.topic(), queue)));
    }

    @Override
    public CompletableFuture<SendReceipt> sendBatchAsync(List<Message> messages) {
        Outgoing outgoing = prepareBatch(messages);
        return onCallbackThreads(send(outgoing, roundRobin(outgoing.topic())));
    }

    @Override
    public List<MessageQueue> queues(String topic) {
        Objects.requireNonNull(topic, "topic");
        requireOpen();
        return Rpc.await(instance.routes().publishInfo(topic, settings.defaultTopicQueueNums(), false)).queues();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            instance.unregisterProducer(settings.group());
            tracing.close();
        }
    }

    private Outgoing prepare(Message message) {
        Objects.requireNonNull(message, "message");
        if (message.body().length > settings.maxMessageSize()) {
            throw new IllegalArgumentException("the body has " + message.body().length + " bytes, more than the "
                    + settings.maxMessageSize() + " allowed");
        }
        String msgId = instance.nextUniqueId();
        String properties = SendRequests.properties(message, msgId, tracing.addedProperties(message));
        long bornTimestamp = instance.clock().millis();
        return new Outgoing(message.topic(), msgId, queue -> SendRequests.single(settings.group(), queue,
                settings.defaultTopicQueueNums(), message, properties, bornTimestamp), message, bornTimestamp);
    }

    private Outgoing prepareBatch(List<Message> messages) {
        Objects.requireNonNull(messages, "messages");
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one message");
        }
        String topic = messages.get(0).topic();
        List<BatchBodyLayout.Entry> entries = new ArrayList<>(messages.size());
        List<String> msgIds = new ArrayList<>(messages.size());
        for (Message message : messages) {
            Objects.requireNonNull(message, "message");
            if (!message.topic().equals(topic)) {
                throw new IllegalArgumentException("a batch goes to one topic: " + topic + " and " + message.topic());
            }
            if (message.delayLevel() > 0) {
                throw new IllegalArgumentException("a batch cannot carry delay levels");
            }
            String msgId = instance.nextUniqueId();
            msgIds.add(msgId);
            entries.add(new BatchBodyLayout.Entry(message.flag(), message.body(),
                    SendRequests.properties(message, msgId)));
        }
        byte[] body = BatchBodyLayout.encode(entries);
        if (body.length > settings.maxMessageSize()) {
            throw new IllegalArgumentException("the batch encodes to " + body.length + " bytes, more than the "
                    + settings.maxMessageSize() + " allowed");
        }
        long bornTimestamp = instance.clock().millis();
        return new Outgoing(topic, String.join(",", msgIds), queue -> SendRequests.batch(settings.group(), queue,
                settings.defaultTopicQueueNums(), body, bornTimestamp), null, bornTimestamp);
    }

    private CompletableFuture<SendReceipt> send(Outgoing outgoing, QueueChoice choice) {
        requireOpen();
        long deadline = instance.clock().nanos() + settings.sendTimeout().toNanos();
        CompletableFuture<SendReceipt> result = new CompletableFuture<>();
        attempt(outgoing, choice, 0, null, false, deadline, result);
        return result;
    }

    private void attempt(Outgoing outgoing, QueueChoice choice, int attempt, String avoidBroker, boolean refreshRoute,
                         long deadline, CompletableFuture<SendReceipt> result) {
        instance.routes().publishInfo(outgoing.topic(), settings.defaultTopicQueueNums(), refreshRoute)
                .whenComplete((info, routeFailure) -> {
                    if (routeFailure != null) {
                        retryOrFail(outgoing, choice, attempt, avoidBroker, deadline, result,
                                Rpc.asClientException(routeFailure));
                        return;
                    }
                    MessageQueue queue;
                    try {
                        if (info.isEmpty()) {
                            throw new HexmqClientException(HexmqClientException.NO_ROUTE, "topic " + outgoing.topic()
                                    + " has no writable queue on a broker with a master");
                        }
                        queue = choice.choose(info, avoidBroker);
                    } catch (RuntimeException e) {
                        result.completeExceptionally(e);
                        return;
                    }
                    String address = master(info, queue);
                    long remaining = remainingMillis(deadline);
                    if (address == null) {
                        retryOrFail(outgoing, choice, attempt, queue.brokerName(), deadline, result, noMaster(queue));
                    } else if (remaining <= 0) {
                        result.completeExceptionally(timeout(attempt));
                    } else {
                        sendTo(outgoing, choice, attempt, queue, address, remaining, deadline, result);
                    }
                });
    }

    private void sendTo(Outgoing outgoing, QueueChoice choice, int attempt, MessageQueue queue, String address,
                        long remainingMillis, long deadline, CompletableFuture<SendReceipt> result) {
        RemotingCommand request;
        try {
            request = outgoing.request().apply(queue);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        instance.rpc().invoke(address, request, remainingMillis).whenComplete((response, failure) -> {
            HexmqClientException error;
            if (failure == null) {
                try {
                    SendReceipt receipt = SendRequests.receipt(response, queue, outgoing.msgId());
                    if (outgoing.message() != null) {
                        tracing.sent(outgoing.message(), address, response, receipt, outgoing.bornTimestamp(),
                                instance.clock().millis());
                    }
                    result.complete(receipt);
                    return;
                } catch (HexmqClientException refused) {
                    error = refused;
                }
            } else {
                error = Rpc.asClientException(failure);
            }
            retryOrFail(outgoing, choice, attempt, queue.brokerName(), deadline, result, error);
        });
    }

    private void retryOrFail(Outgoing outgoing, QueueChoice choice, int attempt, String failedBroker, long deadline,
                             CompletableFuture<SendReceipt> result, HexmqClientException error) {
        boolean retry = choice.retriesOnOtherBroker() && attempt < settings.retries()
                && RETRYABLE.contains(error.responseCode()) && remainingMillis(deadline) > 0
                && !closed.get() && !instance.isClosed();
        if (retry) {
            attempt(outgoing, choice, attempt + 1, failedBroker, true, deadline, result);
        } else {
            result.completeExceptionally(error);
        }
    }

    private String master(PublishInfo info, MessageQueue queue) {
        String address = info.masters().get(queue.brokerName());
        return address != null ? address : instance.routes().masterAddress(queue.brokerName()).orElse(null);
    }

    private QueueChoice roundRobin(String topic) {
        AtomicInteger counter = roundRobin.computeIfAbsent(topic, unused -> new AtomicInteger());
        return new QueueChoice() {
            @Override
            public MessageQueue choose(PublishInfo info, String avoidBroker) {
                return QueueRoundRobin.next(info.queues(), counter, avoidBroker);
            }

            @Override
            public boolean retriesOnOtherBroker() {
                return true;
            }
        };
    }

    private static QueueChoice fixed(String topic, MessageQueue queue) {
        Objects.requireNonNull(queue, "queue");
        if (!queue.topic().equals(topic)) {
            throw new IllegalArgumentException("the queue " + queue + " is not of the message's topic " + topic);
        }
        return (info, avoidBroker) -> queue;
    }

    private static QueueChoice selected(Message message, MessageQueueSelector selector, Object arg) {
        Objects.requireNonNull(selector, "selector");
        return (info, avoidBroker) -> {
            MessageQueue queue = selector.select(info.queues(), message, arg);
            if (queue == null || !info.queues().contains(queue)) {
                throw new IllegalArgumentException("the selector chose " + queue + ", not one of " + info.queues());
            }
            return queue;
        };
    }

    private <T> CompletableFuture<T> onCallbackThreads(CompletableFuture<T> future) {
        CompletableFuture<T> delivered = new CompletableFuture<>();
        future.whenComplete((value, failure) -> {
            Runnable complete = () -> {
                if (failure != null) {
                    delivered.completeExceptionally(Rpc.asClientException(failure));
                } else {
                    delivered.complete(value);
                }
            };
            try {
                instance.callbackExecutor().execute(complete);
            } catch (RejectedExecutionException closing) {
                complete.run();
            }
        });
        return delivered;
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "producer " + settings.group()
                    + " is closed");
        }
        instance.requireOpen();
    }

    private static HexmqClientException noMaster(MessageQueue queue) {
        return new HexmqClientException(HexmqClientException.NO_ROUTE, "broker " + queue.brokerName()
                + " has no master address in the route");
    }

    private HexmqClientException timeout(int attempt) {
        return new HexmqClientException(HexmqClientException.TIMEOUT, "send timeout of "
                + settings.sendTimeout().toMillis() + " ms used up after " + (attempt + 1) + " attempt(s)");
    }

    private long remainingMillis(long deadlineNanos) {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - instance.clock().nanos());
    }
}
