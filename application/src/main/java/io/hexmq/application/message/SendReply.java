package io.hexmq.application.message;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.Reply;
import io.hexmq.domain.message.ReplyOutcome;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.ReplyPusher;
import io.hexmq.domain.time.port.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A replier sends the reply of request-reply (SEND_REPLY_MESSAGE, SEND_REPLY_MESSAGE_V2; protocol.md
 * §2.3.12): it passes the same admission checks as any send ({@link SendAdmission}), then the broker
 * pushes it to the producer whose client id the {@code REPLY_TO_CLIENT} property names, with
 * {@code PUSH_REPLY_TIME} added to its properties, and, when {@code storeReplyMessageEnable} is on,
 * also stores it (with the {@code UNIQ_KEY} and {@code CLUSTER} every stored message gets) while the
 * push is under way.
 *
 * <p>Whether the send succeeded depends on the push alone, as in RocketMQ: {@link SendMessage.Status#PUT_OK}
 * once the requester confirmed, else {@link SendMessage.Status#SYSTEM_ERROR} with a remark. A confirmed
 * reply that was also stored answers where it was stored (its offset message id, queue and queue offset,
 * so the replier can look it up like any sent message); one that was only pushed, because storing is off
 * or the store refused it, answers msgId {@code "0"} and queue offset 0, as RocketMQ does. The future
 * completes when the requester answered or the push gave up, and the store's append (when storing is on)
 * completed, so no thread waits for the requester or the store.
 */
public final class SendReply {

    /** What a delivered reply that was not stored answers as its message id; clients only print it. */
    static final String DELIVERED_MSG_ID = "0";

    private final SendAdmission admission;
    private final ProducerGroups producers;
    private final ReplyPusher pusher;
    private final MessageStore store;
    private final UniqueKeyGenerator uniqueKeys;
    private final BrokerStatistics statistics;
    private final Clock clock;
    private final HostAddress storeHost;
    private final BrokerSettings brokerSettings;
    private final ReplySettings settings;
    private final BrokerStamp stamp;

    public SendReply(SendAdmission admission, ProducerGroups producers, ReplyPusher pusher, MessageStore store,
            UniqueKeyGenerator uniqueKeys, BrokerStatistics statistics, Clock clock, HostAddress storeHost,
            BrokerSettings brokerSettings, ReplySettings settings, TraceSettings trace) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.pusher = Objects.requireNonNull(pusher, "pusher");
        this.store = Objects.requireNonNull(store, "store");
        this.uniqueKeys = Objects.requireNonNull(uniqueKeys, "uniqueKeys");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.storeHost = Objects.requireNonNull(storeHost, "storeHost");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.stamp = BrokerStamp.of(brokerSettings, Objects.requireNonNull(trace, "trace"));
    }

    /** @param command the reply as sent: the header of a send, never a batch */
    public CompletableFuture<SendMessage.Result> reply(SendMessage.Command command) {
        if (command.batch()) {
            return refused(SendMessage.Status.MESSAGE_ILLEGAL, "a reply message cannot be a batch");
        }
        SendAdmission.Admission admitted = admission.admit(command);
        if (admitted.refusal() != null) {
            return CompletableFuture.completedFuture(admitted.refusal());
        }
        return admitted.onceTopicSaved(() -> replyAdmitted(command, admitted.queueId())).toCompletableFuture();
    }

    private CompletableFuture<SendMessage.Result> replyAdmitted(SendMessage.Command command, int queueId) {
        CompletableFuture<SendMessage.Result> pushed = push(command, queueId);
        if (!settings.storeReplyMessageEnable()) {
            return pushed;
        }
        return pushed.thenCombine(store(command, queueId), (result, stored) ->
                stored.status().isStored() && result.status() == SendMessage.Status.PUT_OK
                        ? new SendMessage.Result(SendMessage.Status.PUT_OK, "", stored.msgId(), queueId,
                                stored.queueOffset(), null)
                        : result);
    }

    private CompletableFuture<SendMessage.Result> push(SendMessage.Command command, int queueId) {
        String replyTo = MessageProperties.get(command.properties(), Reply.REPLY_TO_CLIENT);
        if (replyTo == null || replyTo.isBlank()) {
            return refused(SendMessage.Status.SYSTEM_ERROR,
                    "reply message properties[" + Reply.REPLY_TO_CLIENT + "] is null");
        }
        Optional<ConnectionId> requester = producers.findByClientId(new ClientId(replyTo))
                .map(ClientConnection::connection);
        if (requester.isEmpty()) {
            return refused(SendMessage.Status.SYSTEM_ERROR, notFound(replyTo));
        }
        long now = clock.millis();
        Reply reply = new Reply(command.producerGroup(), command.topic(), command.defaultTopic(),
                command.defaultTopicQueueNums(), command.queueId(), command.sysFlag(), command.bornTimestamp(),
                command.flag(), withPushTime(command.properties(), now), command.reconsumeTimes(),
                command.unitMode(), command.bornHost(), storeHost, now, command.body());
        return pusher.push(requester.get(), reply).thenApply(outcome -> answer(outcome, replyTo, queueId));
    }

    private static SendMessage.Result answer(ReplyOutcome outcome, String replyTo, int queueId) {
        return switch (outcome) {
            case DELIVERED -> new SendMessage.Result(SendMessage.Status.PUT_OK, "", DELIVERED_MSG_ID, queueId, 0L,
                    null);
            case CONNECTION_GONE -> SendMessage.Result.refused(SendMessage.Status.SYSTEM_ERROR, notFound(replyTo));
            case FAILED -> SendMessage.Result.refused(SendMessage.Status.SYSTEM_ERROR,
                    "push reply message to " + replyTo + " fail.");
        };
    }

    private static String notFound(String replyTo) {
        return "push reply message fail, channel of <" + replyTo + "> not found.";
    }

    private CompletionStage<AppendResult> store(SendMessage.Command command, int queueId) {
        String properties = SendProperties.prepare(command.properties(), stamp, uniqueKeys, null);
        return store.appendAsync(new Message(command.topic(), queueId, command.flag(), command.body(), properties,
                command.sysFlag(), command.bornTimestamp(), command.bornHost(), command.reconsumeTimes(), 0L))
                .thenApply(appended -> {
                    if (appended.messageCount() > 0) {
                        statistics.recordPut(command.topic(), appended.messageCount(), appended.wroteBytes());
                    }
                    return appended;
                });
    }

    private static String withPushTime(String properties, long now) {
        Map<String, String> map = MessageProperties.decode(properties);
        map.put(Reply.PUSH_REPLY_TIME, Long.toString(now));
        return MessageProperties.encode(map);
    }

    private static CompletableFuture<SendMessage.Result> refused(SendMessage.Status status, String remark) {
        return CompletableFuture.completedFuture(SendMessage.Result.refused(status, remark));
    }
}
