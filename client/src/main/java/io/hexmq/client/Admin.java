package io.hexmq.client;

import io.hexmq.domain.topic.SystemTopics;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.Set;

/**
 * The operations of RocketMQ's {@code mqadmin}, typed. Get it from {@link HexmqClient#admin()}; it is
 * thread-safe and needs no closing of its own. Every method waits for the answers (each request
 * within the client's request timeout) and throws {@link HexmqClientException} with the server's
 * response code and remark when a server refuses.
 */
public interface Admin {

    /** Creates or updates a topic on every master of {@code cluster} (found through the NameServer). */
    void createOrUpdateTopic(String cluster, TopicSettings settings);

    /** Deletes a topic from every master of {@code cluster}, then from every NameServer. */
    void deleteTopic(String cluster, String topic);

    /** Every topic the NameServer knows. */
    Set<String> listTopics();

    /** The topic's route; throws with code 17 when the NameServer has none. */
    TopicRoute topicRoute(String topic);

    /** Min and max offset of each of the topic's queues, from every broker master that has it. */
    List<QueueStatus> topicStatus(String topic);

    /** Every broker of every cluster with its runtime figures. */
    List<BrokerStatus> clusters();

    /** A consumer group's offsets and lag per queue, from every broker master. */
    ConsumerProgress consumerProgress(String group);

    /** The message with this offset message id ({@link SendReceipt#offsetMsgId()}), from the broker it names. */
    ReceivedMessage viewMessage(String offsetMsgId);

    /**
     * Messages of {@code topic} whose keys include {@code key}, stored within {@code [begin, end]}, at most
     * {@code maxMessages}, from every broker master of the topic.
     */
    List<ReceivedMessage> queryMessagesByKey(String topic, String key, int maxMessages, Instant begin, Instant end);

    /**
     * Messages of {@code topic} whose tag is {@code tag}, stored within {@code [begin, end]}, at most
     * {@code maxMessages}, from every broker master of the topic (QUERY_MESSAGE with RocketMQ 5.5's
     * {@code indexType} T). A broker whose index predates tag entries finds none of the messages that
     * index covers; one that ignores {@code indexType} (older RocketMQ) looks the tag up as a key, and
     * what it finds is dropped here unless it has the tag.
     */
    List<ReceivedMessage> queryMessagesByTag(String topic, String tag, int maxMessages, Instant begin, Instant end);

    /**
     * The path of the message with id {@code msgId} (its UNIQ_KEY) as producers and consumers traced it: the
     * records the official clients' trace writes to {@code traceTopic}, looked up by key as
     * {@code mqadmin queryMsgTraceById} does. Empty when nothing traced it.
     */
    MessageTrace messageTrace(String msgId, String traceTopic);

    /** {@link #messageTrace(String, String)} in RocketMQ's trace topic, {@code RMQ_SYS_TRACE_TOPIC}. */
    default MessageTrace messageTrace(String msgId) {
        return messageTrace(msgId, SystemTopics.TRACE_TOPIC.value());
    }

    /** Stores a NameServer KV config entry on every NameServer. */
    void putKvConfig(String namespace, String key, String value);

    /** A NameServer KV config entry, empty when absent. */
    Optional<String> getKvConfig(String namespace, String key);

    /** Deletes a NameServer KV config entry from every NameServer. */
    void deleteKvConfig(String namespace, String key);

    /** Every NameServer's settings, by NameServer address, each sorted by property name. */
    Map<String, SortedMap<String, String>> nameServerConfigs();

    /**
     * Changes settings on every NameServer at run time, all or nothing on each; a NameServer refuses
     * settings that only change with a restart, black-listed and unknown ones.
     */
    void updateNameServerConfig(Map<String, String> changes);

    /**
     * Hands the leadership of replicated broker group {@code brokerName} to replica {@code replicaId} (its
     * {@code dLegerPeers} id, e.g. {@code n2}) and returns once it leads; it then registers as the group's
     * master. Fails with the group's reason when it refuses: an unknown or lagging replica, or one other than
     * the configured preferred leader; a broker on its own does not know the request.
     */
    void transferLeadership(String brokerName, String replicaId);

    /** The settings of the broker at {@code brokerAddress} ({@code host:port}), sorted by property name. */
    SortedMap<String, String> brokerConfig(String brokerAddress);

    /**
     * Changes settings of the broker at {@code brokerAddress} at run time, all or nothing; the broker
     * refuses settings that only change with a restart, black-listed and unknown ones.
     */
    void updateBrokerConfig(String brokerAddress, Map<String, String> changes);

    /**
     * {@code count} entries of queue {@code queueId} of {@code topic} from logical offset {@code index}, as the
     * broker at {@code brokerAddress} holds them ({@code mqadmin queryCq}); with {@code group} (or
     * {@code null}), also what the broker says of that group's filter. Empty when the index lies outside the
     * queue; throws when the broker has no such queue.
     */
    Optional<ConsumeQueueEntries> queryConsumeQueue(String brokerAddress, String topic, int queueId, long index,
                                                    int count, String group);

    /** Has the broker at {@code brokerAddress} delete its expired commit log files now ({@code deleteExpiredCommitLog}). */
    void deleteExpiredCommitLog(String brokerAddress);

    /** Has the broker at {@code brokerAddress} delete its expired consume queue files now ({@code cleanExpiredCQ}). */
    void cleanExpiredConsumeQueue(String brokerAddress);

    /** Has the broker at {@code brokerAddress} delete the stored queues of topics it has no config for ({@code cleanUnusedTopic}). */
    void cleanUnusedTopic(String brokerAddress);

    /**
     * The master-slave replication status of the broker at {@code brokerAddress} ({@code mqadmin haStatus});
     * throws with the broker's reason when it has none to report (a replica of a Raft broker group).
     */
    HaStatus haStatus(String brokerAddress);

    /** The runtime figures of the broker at {@code brokerAddress} ({@code mqadmin brokerStatus}), sorted by name. */
    SortedMap<String, String> brokerRuntime(String brokerAddress);

    /**
     * Statistic {@code statsName} (RocketMQ's names: {@code TOPIC_PUT_NUMS}, {@code TOPIC_PUT_SIZE} keyed by topic;
     * {@code GROUP_GET_NUMS}, {@code GROUP_GET_SIZE} keyed by {@code topic@group}) of {@code statsKey} on the
     * broker at {@code brokerAddress}, as {@code mqadmin statsAll} reads it; throws when the broker has none.
     */
    BrokerStats brokerStats(String brokerAddress, String statsName, String statsKey);

    /**
     * Every consumer group's offsets, lag and in-flight messages on the broker at {@code brokerAddress}
     * ({@code mqadmin brokerConsumeStats}); with {@code orderlyOnly}, only the orderly topics'.
     */
    BrokerConsumeStats brokerConsumeStats(String brokerAddress, boolean orderlyOnly);
}
