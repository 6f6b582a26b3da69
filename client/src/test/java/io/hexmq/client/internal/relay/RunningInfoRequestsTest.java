package io.hexmq.client.internal.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class RunningInfoRequestsTest {

    private static final RunningInfo INFO = new RunningInfo(new TreeMap<>(Map.of("consumerGroup", "g")),
            List.of(new ConsumerRegistration.Subscription("T", "*", 1L)), new TreeMap<>(), null);

    private final RunningInfoRequests handler = new RunningInfoRequests(new PushConsumerLookup("10.0.0.1@7",
            group -> group.equals("g") ? Optional.of(new ConsumerAdminAnswers(() -> INFO,
                    message -> CompletableFuture.failedFuture(new IllegalStateException("not asked"))))
                    : Optional.empty()),
            () -> "\"main\" RUNNABLE\n");

    private static RemotingCommand asking(String group, boolean jstackEnable) {
        return RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO)
                .extField("consumerGroup", group)
                .extField("clientId", "10.0.0.1@7")
                .extField("jstackEnable", jstackEnable)
                .build();
    }

    @Test
    void answersTheGroupsRunningInfo_withoutStacksUnlessAsked() {
        RemotingCommand answer = handler.handle(asking("g", false), null).join();

        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.body()).isEqualTo(INFO.toJson());
    }

    @Test
    void addsThreadStacks_whenAsked() {
        RemotingCommand answer = handler.handle(asking("g", true), null).join();

        assertThat(answer.body()).isEqualTo(INFO.withJstack("\"main\" RUNNABLE\n").toJson());
    }

    @Test
    void refusesAGroupWithoutPushConsumerHere() {
        RemotingCommand answer = handler.handle(asking("other", false), null).join();

        assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.remark()).isEqualTo("consumer group other has no push consumer in client 10.0.0.1@7");
    }
}
