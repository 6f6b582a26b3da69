package io.hexmq.client.internal.relay;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.body.ObjectKeyedTable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a push consumer tells an admin about itself (GET_CONSUMER_RUNNING_INFO, {@code mqadmin
 * consumerStatus}), written as the official ConsumerRunningInfo body:
 *
 * <pre>
 * {"jstack":"...",                                         only when the admin asked for thread stacks
 *  "mqTable":{{"brokerName":"b","queueId":0,"topic":"T"}:{"cachedMsgCount":2,"commitOffset":5,...},...},
 *  "properties":{"PROP_CONSUME_TYPE":"CONSUME_PASSIVELY","consumerGroup":"g",...},
 *  "subscriptionSet":[SubscriptionData, ...]}
 * </pre>
 *
 * <p>The mqTable keys are written as fastjson writes a MessageQueue key (an object where a name
 * belongs), which the official class reads back. statusTable (pull and consume RT and TPS) is left
 * out: the SDK does not measure those, and the official class then keeps its empty default.
 *
 * @param properties    property name to value, in name order
 * @param subscriptions what the consumer subscribes to, its retry topic included
 * @param queues        the assigned queues, in queue order
 * @param jstack        every thread's stack, or {@code null} when not asked for
 */
public record RunningInfo(SortedMap<String, String> properties, List<ConsumerRegistration.Subscription> subscriptions,
                   SortedMap<MessageQueue, QueueInfo> queues, String jstack) {

    /** Property names the official tools read (ConsumerRunningInfo's PROP_ constants). */
    public static final String PROP_CONSUME_TYPE = "PROP_CONSUME_TYPE";
    public static final String PROP_CONSUME_ORDERLY = "PROP_CONSUMEORDERLY";
    public static final String PROP_THREADPOOL_CORE_SIZE = "PROP_THREADPOOL_CORE_SIZE";
    public static final String PROP_CONSUMER_START_TIMESTAMP = "PROP_CONSUMER_START_TIMESTAMP";
    public static final String PROP_NAMESERVER_ADDR = "PROP_NAMESERVER_ADDR";

    private static final long MIB = 1024 * 1024;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    /**
     * One assigned queue: where its offset stands and what the consumer holds of it.
     *
     * @param commitOffset the offset the consumer commits next, -1 if it has none yet
     */
    public record QueueInfo(long commitOffset, QueueSnapshot state) {

        public QueueInfo {
            Objects.requireNonNull(state, "state");
        }
    }

    public RunningInfo {
        properties = new TreeMap<>(properties);
        subscriptions = List.copyOf(subscriptions);
        queues = new TreeMap<>(queues);
    }

    RunningInfo withJstack(String stacks) {
        return new RunningInfo(properties, subscriptions, queues, stacks);
    }

    byte[] toJson() {
        String mqTable = ObjectKeyedTable.write(queues, queue -> ConsumerJson.queueText(Bodies.wire(queue)),
                info -> GSON.toJson(ProcessQueueInfoJson.of(info)));
        return JsonBodies.write(json -> {
            json.beginObject();
            if (jstack != null) {
                json.name("jstack").value(jstack);
            }
            json.name("mqTable").jsonValue(mqTable).name("properties").beginObject();
            for (Map.Entry<String, String> property : properties.entrySet()) {
                json.name(property.getKey()).value(property.getValue());
            }
            json.endObject().name("subscriptionSet").beginArray();
            for (ConsumerRegistration.Subscription subscription : subscriptions) {
                ConsumerJson.writeSubscription(json, subscription.wire());
            }
            json.endArray().endObject();
        });
    }

    /**
     * ProcessQueueInfo under its JSON names, which Gson takes from the components: {@code droped} is
     * spelt as the official class spells it. Its transaction and unlock counters are left to their
     * defaults, the SDK has neither.
     */
    private record ProcessQueueInfoJson(int cachedMsgCount, long cachedMsgMaxOffset, long cachedMsgMinOffset,
                                        long cachedMsgSizeInMiB, long commitOffset, boolean droped,
                                        long lastConsumeTimestamp, long lastLockTimestamp, long lastPullTimestamp,
                                        boolean locked) {

        static ProcessQueueInfoJson of(QueueInfo info) {
            QueueSnapshot state = info.state();
            return new ProcessQueueInfoJson(state.cachedMessages(), state.cachedMaxOffset(), state.cachedMinOffset(),
                    state.cachedBodyBytes() / MIB, info.commitOffset(), state.dropped(), state.lastConsumeMillis(),
                    state.lastLockMillis(), state.lastPullMillis(), state.locked());
        }
    }
}
