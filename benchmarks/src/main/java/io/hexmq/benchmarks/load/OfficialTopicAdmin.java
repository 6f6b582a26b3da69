package io.hexmq.benchmarks.load;

import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * Creates a topic through the official client's API as mqadmin does (UPDATE_AND_CREATE_TOPIC on every
 * master in the TBW102 route) and waits until the NameServer routes it, so that the next send or pull
 * sees every queue.
 */
final class OfficialTopicAdmin {

    private static final int ADMIN_TIMEOUT_MILLIS = 5_000;
    /** The topic whose route names the brokers that accept new topics. */
    private static final String AUTO_CREATE_TOPIC = "TBW102";

    private OfficialTopicAdmin() {
    }

    /** Creates {@code topic} with {@code queues} read and write queues per master; the queue count across masters. */
    static int create(MQClientAPIImpl api, String topic, int queues) throws Exception {
        List<String> masters = new ArrayList<>();
        // A broker that has just started may not have registered yet.
        Await.until("a master broker in the " + AUTO_CREATE_TOPIC + " route", () -> {
            masters.clear();
            masters.addAll(masters(api));
            return !masters.isEmpty();
        });
        TopicConfig config = new TopicConfig(topic, queues, queues, PermName.PERM_READ | PermName.PERM_WRITE);
        for (String master : masters) {
            api.createTopic(master, AUTO_CREATE_TOPIC, config, ADMIN_TIMEOUT_MILLIS);
        }
        Await.until("route of " + topic + " with " + queues + " queues on " + masters.size() + " broker(s)",
                () -> routed(api, topic, queues) == masters.size());
        BenchReport.format("topic %s created on %s", topic, masters);
        return masters.size() * queues;
    }

    /** The master brokers of the TBW102 route; empty while there is none. */
    static List<String> masters(MQClientAPIImpl api) {
        List<String> masters = new ArrayList<>();
        try {
            TopicRouteData defaults = api.getTopicRouteInfoFromNameServer(AUTO_CREATE_TOPIC, ADMIN_TIMEOUT_MILLIS);
            for (BrokerData broker : defaults.getBrokerDatas()) {
                String master = broker.getBrokerAddrs().get(0L);
                if (master != null) {
                    masters.add(master);
                }
            }
        } catch (Exception notYet) {
            // no route yet: the caller asks again
        }
        return masters;
    }

    /** Brokers routing the topic with {@code queues} read and write queues. */
    private static long routed(MQClientAPIImpl api, String topic, int queues) {
        try {
            TopicRouteData route = api.getTopicRouteInfoFromNameServer(topic, ADMIN_TIMEOUT_MILLIS);
            return route.getQueueDatas().stream()
                    .filter(data -> data.getWriteQueueNums() == queues && data.getReadQueueNums() == queues)
                    .map(QueueData::getBrokerName).distinct().count();
        } catch (Exception notYet) {
            return 0;
        }
    }
}
