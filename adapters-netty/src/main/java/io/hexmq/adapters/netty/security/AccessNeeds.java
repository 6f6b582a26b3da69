package io.hexmq.adapters.netty.security;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.OperationNeeds;
import io.hexmq.domain.auth.Resource;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.PopJson;
import io.hexmq.remoting.header.AckMessageHeader;
import io.hexmq.remoting.header.CloneGroupOffsetHeader;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.header.ConsumerSendMsgBackHeader;
import io.hexmq.remoting.header.CreateTopicHeader;
import io.hexmq.remoting.header.EndTransactionHeader;
import io.hexmq.remoting.header.MessageLookupHeader;
import io.hexmq.remoting.header.NotificationHeader;
import io.hexmq.remoting.header.PopMessageHeader;
import io.hexmq.remoting.header.PopQueueHeader;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.header.SubscriptionGroupHeader;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderSpelling;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one map from a request to what it needs to be allowed, RocketMQ's: a send is Pub on its topic, a
 * pull Sub on its topic and its group, a route lookup Pub, Sub or Get on the topic, topic admin Create or
 * Delete on the topic, a consumer's heartbeat or queue lock Sub on its group and topics (read from the
 * body), a batch ack, an assignment query or a request-mode change Sub on the topics and groups its body
 * names; a retry topic ({@code %RETRY%group}) stands for its group. Codes it does not name need nothing
 * beyond authentication, as codes without an action annotation in RocketMQ. Header fields are read through
 * their one definition in {@code io.hexmq.remoting.header}; what is decided from the needs is not this
 * class's business (ACL 2.0's policies and ACL 1.0's permissions both read them).
 */
final class AccessNeeds {

    List<AccessNeed> of(RemotingCommand request) {
        Map<String, String> fields = request.extFields();
        return switch (request.code()) {
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> List.of(routeLookup(field(fields, TopicHeader.TOPIC)));
            // The full spelling's send-back names its group only in the retry topic.
            case RequestCode.SEND_MESSAGE -> List.of(send(field(fields, SendMessageHeader.TOPIC), null));
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE -> List.of(send(
                    compact(fields, SendMessageHeader.TOPIC), compact(fields, SendMessageHeader.PRODUCER_GROUP)));
            case RequestCode.END_TRANSACTION -> field(fields, EndTransactionHeader.TOPIC) == null ? List.of()
                    : List.of(AccessNeed.of(topic(field(fields, EndTransactionHeader.TOPIC)), Action.PUB));
            case RequestCode.CONSUMER_SEND_MSG_BACK ->
                    List.of(AccessNeed.of(group(field(fields, ConsumerSendMsgBackHeader.GROUP)), Action.SUB));
            case RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE ->
                    topicAndGroup(fields, PullMessageHeader.TOPIC, PullMessageHeader.CONSUMER_GROUP, Action.SUB);
            case RequestCode.POP_MESSAGE ->
                    topicAndGroup(fields, PopMessageHeader.TOPIC, PopMessageHeader.CONSUMER_GROUP, Action.SUB);
            case RequestCode.PEEK_MESSAGE, RequestCode.POLLING_INFO ->
                    topicAndGroup(fields, PopQueueHeader.TOPIC, PopQueueHeader.CONSUMER_GROUP, Action.SUB);
            case RequestCode.ACK_MESSAGE, RequestCode.CHANGE_MESSAGE_INVISIBLETIME ->
                    topicAndGroup(fields, AckMessageHeader.TOPIC, AckMessageHeader.CONSUMER_GROUP, Action.SUB);
            case RequestCode.NOTIFICATION ->
                    topicAndGroup(fields, NotificationHeader.TOPIC, NotificationHeader.CONSUMER_GROUP, Action.SUB);
            case RequestCode.QUERY_MESSAGE ->
                    List.of(OperationNeeds.queryMessages(field(fields, MessageLookupHeader.TOPIC)));
            case RequestCode.UNREGISTER_CLIENT -> field(fields, UnregisterClientHeader.CONSUMER_GROUP) == null
                    ? List.of()
                    : List.of(AccessNeed.of(group(field(fields, UnregisterClientHeader.CONSUMER_GROUP)), Action.SUB));
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> List.of(AccessNeed.of(
                    group(field(fields, ConsumerGroupHeader.CONSUMER_GROUP)), Action.SUB, Action.GET));
            case RequestCode.QUERY_CONSUMER_OFFSET -> topicAndGroup(fields, ConsumerOffsetHeader.TOPIC,
                    ConsumerOffsetHeader.CONSUMER_GROUP, Action.SUB, Action.GET);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> topicAndGroup(fields, ConsumerOffsetHeader.TOPIC,
                    ConsumerOffsetHeader.CONSUMER_GROUP, Action.SUB, Action.UPDATE);
            case RequestCode.UPDATE_AND_CREATE_TOPIC ->
                    List.of(OperationNeeds.createOrUpdateTopic(field(fields, CreateTopicHeader.TOPIC)));
            case RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.DELETE_TOPIC_IN_NAMESRV ->
                    List.of(OperationNeeds.deleteTopic(field(fields, TopicHeader.TOPIC)));
            case RequestCode.DELETE_SUBSCRIPTIONGROUP ->
                    List.of(AccessNeed.of(group(field(fields, SubscriptionGroupHeader.GROUP_NAME)), Action.DELETE));
            case RequestCode.CLONE_GROUP_OFFSET ->
                    List.of(OperationNeeds.changeGroupOffsets(field(fields, CloneGroupOffsetHeader.DEST_GROUP)));
            case RequestCode.INVOKE_BROKER_TO_RESET_OFFSET ->
                    List.of(OperationNeeds.changeGroupOffsets(field(fields, ResetOffsetHeader.GROUP)));
            case RequestCode.HEART_BEAT -> heartbeat(ConsumerJson.readHeartbeat(request.body()));
            case RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ ->
                    locks(ConsumerJson.readLockRequest(request.body(), "lock request"));
            case RequestCode.BATCH_ACK_MESSAGE -> batchAcks(PopJson.readBatchAcks(request.body()));
            case RequestCode.QUERY_ASSIGNMENT -> {
                PopJson.AssignmentRequest query = PopJson.readAssignmentRequest(request.body());
                yield topicAndGroup(query.topic(), query.consumerGroup(), Action.SUB);
            }
            case RequestCode.SET_MESSAGE_REQUEST_MODE -> {
                PopJson.RequestMode mode = PopJson.readRequestMode(request.body());
                yield topicAndGroup(mode.topic(), mode.consumerGroup(), Action.SUB);
            }
            default -> List.of();
        };
    }

    private static String field(Map<String, String> fields, HeaderField<String> field) {
        return fields.get(field.name());
    }

    private static String compact(Map<String, String> fields, HeaderField<String> field) {
        return fields.get(field.name(HeaderSpelling.COMPACT));
    }

    /** A lookup of a retry topic's route is its group's consumer finding where to send back. */
    private static AccessNeed routeLookup(String topic) {
        return isRetry(topic) ? AccessNeed.of(groupOfRetry(topic), Action.SUB, Action.GET)
                : AccessNeed.of(topic(topic), Action.PUB, Action.SUB, Action.GET);
    }

    /** A consumer's heartbeat: Sub on its group and on each topic it subscribes (its retry topic aside). */
    private static List<AccessNeed> heartbeat(ConsumerJson.Heartbeat heartbeat) {
        List<AccessNeed> needs = new ArrayList<>();
        for (ConsumerJson.Consumer consumer : heartbeat.consumers()) {
            needs.add(AccessNeed.of(group(consumer.group()), Action.SUB));
            for (ConsumerJson.Subscription subscription : consumer.subscriptions()) {
                if (!isRetry(subscription.topic())) {
                    needs.add(AccessNeed.of(topic(subscription.topic()), Action.SUB));
                }
            }
        }
        return needs;
    }

    /** Locking queues for orderly consumption: Sub on the group and on each queue's topic. */
    private static List<AccessNeed> locks(ConsumerJson.LockRequest request) {
        List<AccessNeed> needs = new ArrayList<>();
        needs.add(AccessNeed.of(group(request.group()), Action.SUB));
        for (ConsumerJson.Queue queue : request.queues()) {
            if (!isRetry(queue.topic())) {
                needs.add(AccessNeed.of(topic(queue.topic()), Action.SUB));
            }
        }
        return needs;
    }

    /** A batch of POP acks: Sub on the topic and the group of each ack, as RocketMQ asks of one ack. */
    private static List<AccessNeed> batchAcks(List<PopJson.BatchAck> acks) {
        List<AccessNeed> needs = new ArrayList<>();
        for (PopJson.BatchAck ack : acks) {
            needs.addAll(topicAndGroup(ack.topic(), ack.consumerGroup(), Action.SUB));
        }
        return needs;
    }

    /** A send to a retry topic is a consumer sending a message back: Sub on its group. */
    private static AccessNeed send(String topic, String group) {
        if (isRetry(topic)) {
            return AccessNeed.of(group == null || group.isBlank() ? groupOfRetry(topic) : group(group), Action.SUB);
        }
        return AccessNeed.of(topic(topic), Action.PUB);
    }

    private static List<AccessNeed> topicAndGroup(Map<String, String> fields, HeaderField<String> topic,
                                                  HeaderField<String> group, Action... anyOf) {
        return topicAndGroup(field(fields, topic), field(fields, group), anyOf);
    }

    private static List<AccessNeed> topicAndGroup(String topic, String group, Action... anyOf) {
        List<AccessNeed> needs = new ArrayList<>(2);
        if (!isRetry(topic)) {
            needs.add(AccessNeed.of(topic(topic), anyOf));
        }
        needs.add(AccessNeed.of(group(group), anyOf));
        return needs;
    }

    private static boolean isRetry(String topic) {
        return topic != null && topic.startsWith(SystemTopics.RETRY_TOPIC_PREFIX);
    }

    private static Resource groupOfRetry(String retryTopic) {
        return Resource.group(retryTopic.substring(SystemTopics.RETRY_TOPIC_PREFIX.length()));
    }

    /** A request without the field names nothing, which only a policy on any name matches. */
    private static Resource topic(String name) {
        return Resource.topic(name == null ? "" : name);
    }

    private static Resource group(String name) {
        return Resource.group(name == null ? "" : name);
    }
}
