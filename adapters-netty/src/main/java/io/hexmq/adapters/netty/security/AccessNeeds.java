package io.hexmq.adapters.netty.security;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.Resource;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one map from a request to what it needs to be allowed, RocketMQ's: a send is Pub on its topic, a
 * pull Sub on its topic and its group, a route lookup Pub, Sub or Get on the topic, topic admin Create or
 * Delete on the topic, a consumer's heartbeat or queue lock Sub on its group and topics (read from the
 * body); a retry topic ({@code %RETRY%group}) stands for its group. Codes it does not name
 * need nothing beyond authentication, as codes without an action annotation in RocketMQ.
 */
final class AccessNeeds {

    private static final String TOPIC = "topic";
    private static final String CONSUMER_GROUP = "consumerGroup";
    private static final String GROUP = "group";
    /** The compact spellings of SEND_MESSAGE_V2's producer group and topic. */
    private static final String V2_GROUP = "a";
    private static final String V2_TOPIC = "b";

    List<AccessNeed> of(RemotingCommand request) {
        Map<String, String> fields = request.extFields();
        return switch (request.code()) {
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> List.of(isRetry(fields.get(TOPIC))
                    ? AccessNeed.of(groupOfRetry(fields.get(TOPIC)), Action.SUB, Action.GET)
                    : AccessNeed.of(topic(fields.get(TOPIC)), Action.PUB, Action.SUB, Action.GET));
            case RequestCode.SEND_MESSAGE -> List.of(send(fields.get(TOPIC), fields.get(GROUP)));
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE ->
                    List.of(send(fields.get(V2_TOPIC), fields.get(V2_GROUP)));
            case RequestCode.END_TRANSACTION -> fields.get(TOPIC) == null ? List.of()
                    : List.of(AccessNeed.of(topic(fields.get(TOPIC)), Action.PUB));
            case RequestCode.CONSUMER_SEND_MSG_BACK -> List.of(AccessNeed.of(group(fields.get(GROUP)), Action.SUB));
            case RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE, RequestCode.POP_MESSAGE,
                    RequestCode.PEEK_MESSAGE, RequestCode.ACK_MESSAGE, RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                    RequestCode.NOTIFICATION, RequestCode.POLLING_INFO ->
                    topicAndGroup(fields, Action.SUB);
            case RequestCode.QUERY_MESSAGE -> List.of(AccessNeed.of(topic(fields.get(TOPIC)), Action.SUB, Action.GET));
            case RequestCode.UNREGISTER_CLIENT -> fields.get(CONSUMER_GROUP) == null ? List.of()
                    : List.of(AccessNeed.of(group(fields.get(CONSUMER_GROUP)), Action.SUB));
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP ->
                    List.of(AccessNeed.of(group(fields.get(CONSUMER_GROUP)), Action.SUB, Action.GET));
            case RequestCode.QUERY_CONSUMER_OFFSET -> topicAndGroup(fields, Action.SUB, Action.GET);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> topicAndGroup(fields, Action.SUB, Action.UPDATE);
            case RequestCode.UPDATE_AND_CREATE_TOPIC ->
                    List.of(AccessNeed.of(topic(fields.get(TOPIC)), Action.CREATE, Action.UPDATE));
            case RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.DELETE_TOPIC_IN_NAMESRV ->
                    List.of(AccessNeed.of(topic(fields.get(TOPIC)), Action.DELETE));
            case RequestCode.DELETE_SUBSCRIPTIONGROUP ->
                    List.of(AccessNeed.of(group(fields.get("groupName")), Action.DELETE));
            case RequestCode.CLONE_GROUP_OFFSET ->
                    List.of(AccessNeed.of(group(fields.get("destGroup")), Action.UPDATE));
            case RequestCode.INVOKE_BROKER_TO_RESET_OFFSET ->
                    List.of(AccessNeed.of(group(fields.get(GROUP)), Action.UPDATE));
            case RequestCode.HEART_BEAT -> heartbeat(ConsumerJson.readHeartbeat(request.body()));
            case RequestCode.LOCK_BATCH_MQ, RequestCode.UNLOCK_BATCH_MQ ->
                    locks(ConsumerJson.readLockRequest(request.body(), "lock request"));
            default -> List.of();
        };
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

    /** A send to a retry topic is a consumer sending a message back: Sub on its group. */
    private static AccessNeed send(String topic, String group) {
        if (isRetry(topic)) {
            return AccessNeed.of(group == null || group.isBlank() ? groupOfRetry(topic) : group(group), Action.SUB);
        }
        return AccessNeed.of(topic(topic), Action.PUB);
    }

    private static List<AccessNeed> topicAndGroup(Map<String, String> fields, Action... anyOf) {
        List<AccessNeed> needs = new ArrayList<>(2);
        if (!isRetry(fields.get(TOPIC))) {
            needs.add(AccessNeed.of(topic(fields.get(TOPIC)), anyOf));
        }
        needs.add(AccessNeed.of(group(fields.get(CONSUMER_GROUP)), anyOf));
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
