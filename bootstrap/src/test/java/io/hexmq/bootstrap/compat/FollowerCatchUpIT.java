package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.QUEUES;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.impl.consumer.PullResultExt;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.InvokeCallback;
import org.apache.rocketmq.remoting.netty.ResponseFuture;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A follower killed with kill -9 while its group writes on far past the snapshot threshold, so the leader
 * purges the log it would need: started again, it catches up by installing the leader's store files and
 * then by the log, and serves pulls byte for byte as the leader does, from consume queues and a key index
 * that agree with its log. Once per storage backend.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class FollowerCatchUpIT {

    @Parameter
    String store;

    private static final String READER = "cg-catch-up-reader";
    private static final Pattern INSTALLED = Pattern.compile("(installed the leader's store files up to log entry .*)");
    /** A snapshot every 20 entries and the smallest log segments, so the leader purges while the follower is down. */
    private static final Map<String, String> PURGING_EARLY = Map.of("groupSnapshotThreshold", "20",
            "groupLogSegmentSize", "16384");
    private static final int SENDS_BEFORE_KILL = 20;
    private static final int SENDS_WHILE_DOWN = 300;
    private static final int SENDS_AFTER_RESTART = 20;

    @TempDir
    Path dir;

    @Test
    void catchesUpByTheLeadersFiles_andThenTheLog_andServesThePullsAndKeysTheLeaderDoes() throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, store, 3, PURGING_EARLY);
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            int leader = group.awaitLeader();
            DefaultMQProducer producer = clients.producer("pg-catch-up");
            producer.setSendMsgTimeout(3_000);
            clients.createTopic(producer, group.address(leader), TOPIC, QUEUES);
            Set<String> acknowledged = new HashSet<>();
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_BEFORE_KILL, Duration.ofSeconds(60));

            int follower = group.aFollower();
            group.replica(follower).kill();
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_WHILE_DOWN, Duration.ofSeconds(90));
            group.restart(follower);
            String caughtUp = group.address(follower);
            String installed = ReplicatedGroup.awaitLine(group.replica(follower), INSTALLED);
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_AFTER_RESTART, Duration.ofSeconds(60));

            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            String leading = group.address(group.awaitLeader());
            Await.until("the restarted follower's queues end where the leader's do", ReplicatedGroup.STARTUP,
                    () -> ReplicatedGroup.maxOffsets(api, caughtUp).equals(ReplicatedGroup.maxOffsets(api, leading)));
            assertThat(installed).as("how the follower caught up").isNotEmpty();
            long total = 0;
            for (int queue = 0; queue < QUEUES; queue++) {
                Pulled fromLeader = pullAll(api, leading, queue);
                Pulled fromFollower = pullAll(api, caughtUp, queue);
                assertThat(fromFollower.offsets()).as("queue %d's offsets on the follower", queue)
                        .isEqualTo(fromLeader.offsets());
                assertThat(fromFollower.bytes()).as("queue %d's records on the follower", queue)
                        .isEqualTo(fromLeader.bytes());
                total += fromFollower.offsets().size();
            }
            assertThat(total).isGreaterThanOrEqualTo(acknowledged.size());
            for (int sent : new int[] {0, SENDS_BEFORE_KILL + SENDS_WHILE_DOWN / 2, acknowledged.size() - 1}) {
                assertThat(bodiesByKey(api, caughtUp, "key-" + sent)).as("found by key-%d on the follower", sent)
                        .hasSize(1).isEqualTo(bodiesByKey(api, leading, "key-" + sent));
            }
        }
    }

    /** What a queue holds, pulled from its first offset to its end: each message's offset, and every record's bytes. */
    record Pulled(List<Long> offsets, byte[] bytes) {
    }

    static Pulled pullAll(MQClientAPIImpl api, String address, int queue) throws Exception {
        List<Long> offsets = new ArrayList<>();
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
                return new Pulled(offsets, bytes.toByteArray());
            }
            byte[] binary = ((PullResultExt) result).getMessageBinary();
            bytes.write(binary);
            for (MessageExt message : MessageDecoder.decodes(ByteBuffer.wrap(binary))) {
                offsets.add(message.getQueueOffset());
            }
            next = result.getNextBeginOffset();
        }
    }

    private static List<String> bodiesByKey(MQClientAPIImpl api, String address, String key) throws Exception {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        header.setTopic(TOPIC);
        header.setKey(key);
        header.setMaxNum(32);
        header.setBeginTimestamp(0L);
        header.setEndTimestamp(Long.MAX_VALUE);
        CompletableFuture<RemotingCommand> answered = new CompletableFuture<>();
        api.queryMessage(address, header, 5_000, new InvokeCallback() {
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
        RemotingCommand response = answered.get(10, TimeUnit.SECONDS);
        if (response.getCode() != ResponseCode.SUCCESS) {
            return List.of();
        }
        return MessageDecoder.decodes(ByteBuffer.wrap(response.getBody())).stream()
                .map(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .toList();
    }
}
