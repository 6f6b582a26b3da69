package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.QUEUES;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.impl.consumer.PullResultExt;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.InvokeCallback;
import org.apache.rocketmq.remoting.netty.ResponseFuture;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;

/**
 * What one replica of a group serves of {@link ReplicatedGroup#TOPIC}, read straight from it (a follower serves
 * pulls and key queries as a RocketMQ slave with {@code slaveReadEnable} does): every queue pulled from its first
 * offset to its end, and the messages its key index finds. The ITs compare replicas by it: a replica whose
 * consume queues or key index disagree with its log (a hole, a slot left by an entry that was overwritten)
 * shows it here.
 */
final class ReplicaReads {

    private static final String READER = "cg-replica-reader";
    /** Key queries in flight at once against one replica. */
    private static final int QUERIES_IN_FLIGHT = 32;

    private ReplicaReads() {
    }

    /** What a queue holds, pulled from its first offset to its end: each message's offset, and every record's bytes. */
    record Pulled(List<Long> offsets, List<String> bodies, byte[] bytes) {
    }

    /**
     * Pulls queue {@code queue} of the replica at {@code address} from offset 0 to its end, and checks that its
     * consume queue agrees with its log: the offsets run 0, 1, 2, ... to the queue's max offset with no hole, and
     * each record pulled at an offset is the log's record of that queue and offset.
     */
    static Pulled pullAllAgreeing(MQClientAPIImpl api, String address, int queue) throws Exception {
        long max = api.getMaxOffset(address, OfficialClients.queue(TOPIC, ReplicatedGroup.GROUP, queue), 5_000);
        Pulled pulled = pullAll(api, address, queue);
        assertThat(pulled.offsets()).as("the offsets %s's queue %d serves", address, queue)
                .isEqualTo(LongStream.range(0, max).boxed().toList());
        return pulled;
    }

    static Pulled pullAll(MQClientAPIImpl api, String address, int queue) throws Exception {
        List<Long> offsets = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long next = 0;
        while (true) {
            PullMessageRequestHeader header = new PullMessageRequestHeader();
            header.setConsumerGroup(READER);
            header.setTopic(TOPIC);
            header.setQueueId(queue);
            header.setQueueOffset(next);
            header.setMaxMsgNums(32);
            // the subscription travels with the pull, so no consumer needs to have registered first
            header.setSysFlag(PullSysFlag.buildSysFlag(false, false, true, false));
            header.setCommitOffset(0L);
            header.setSuspendTimeoutMillis(0L);
            header.setSubscription("*");
            header.setSubVersion(0L);
            header.setExpressionType("TAG");
            PullResult result = api.pullMessage(address, header, 5_000, CommunicationMode.SYNC, null);
            if (result.getPullStatus() != PullStatus.FOUND) {
                return new Pulled(offsets, bodies, bytes.toByteArray());
            }
            byte[] binary = ((PullResultExt) result).getMessageBinary();
            bytes.write(binary);
            for (MessageExt message : MessageDecoder.decodes(ByteBuffer.wrap(binary))) {
                assertThat(message.getTopic()).as("topic of a record of queue %d", queue).isEqualTo(TOPIC);
                assertThat(message.getQueueId()).as("queue of a record of queue %d", queue).isEqualTo(queue);
                offsets.add(message.getQueueOffset());
                bodies.add(new String(message.getBody(), StandardCharsets.UTF_8));
            }
            next = result.getNextBeginOffset();
        }
    }

    /** Every queue of {@link ReplicatedGroup#TOPIC} on the replica at {@code address}, as {@link #pullAllAgreeing}. */
    static List<Pulled> pullEveryQueueAgreeing(MQClientAPIImpl api, String address) throws Exception {
        List<Pulled> queues = new ArrayList<>();
        for (int queue = 0; queue < QUEUES; queue++) {
            queues.add(pullAllAgreeing(api, address, queue));
        }
        return queues;
    }

    /** The bodies of the messages the replica at {@code address} finds by {@code key} (QUERY_MESSAGE). */
    static List<String> bodiesByKey(MQClientAPIImpl api, String address, String key) throws Exception {
        return decodeBodies(queryByKey(api, address, key).get(10, TimeUnit.SECONDS));
    }

    /**
     * For each of {@code keys}, the bodies the replica at {@code address} finds by it, the queries a few at a
     * time so that thousands of keys take seconds.
     */
    static Map<String, List<String>> bodiesByKeys(MQClientAPIImpl api, String address, Collection<String> keys)
            throws Exception {
        Map<String, List<String>> found = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(QUERIES_IN_FLIGHT);
        List<CompletableFuture<?>> queries = new ArrayList<>();
        for (String key : keys) {
            inFlight.acquire();
            queries.add(queryByKey(api, address, key)
                    .thenAccept(response -> found.put(key, decodeBodies(response)))
                    .whenComplete((ignored, failure) -> inFlight.release()));
        }
        CompletableFuture.allOf(queries.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        return found;
    }

    private static CompletableFuture<RemotingCommand> queryByKey(MQClientAPIImpl api, String address, String key)
            throws Exception {
        CompletableFuture<RemotingCommand> answered = new CompletableFuture<>();
        api.queryMessage(address, anyTimeQuery(TOPIC, key), 5_000, new InvokeCallback() {
            @Override
            public void operationComplete(ResponseFuture future) {
                if (future.getResponseCommand() != null) {
                    answered.complete(future.getResponseCommand());
                }
            }

            @Override
            public void operationSucceed(RemotingCommand response) {
                answered.complete(response);
            }

            @Override
            public void operationFail(Throwable cause) {
                answered.completeExceptionally(cause);
            }
        }, false);
        return answered;
    }

    /** A QUERY_MESSAGE header for {@code key} in {@code topic}: at most 32 messages, stored at any time. */
    static QueryMessageRequestHeader anyTimeQuery(String topic, String key) {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        header.setTopic(topic);
        header.setKey(key);
        header.setMaxNum(32);
        header.setBeginTimestamp(0L);
        header.setEndTimestamp(Long.MAX_VALUE);
        return header;
    }

    /** The bodies of the messages a QUERY_MESSAGE answer carries; none unless it is SUCCESS. */
    static List<String> decodeBodies(RemotingCommand response) {
        if (response.getCode() != ResponseCode.SUCCESS) {
            return List.of();
        }
        return MessageDecoder.decodes(ByteBuffer.wrap(response.getBody())).stream()
                .map(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .toList();
    }
}
