package io.hexmq.client.internal.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.testing.StoredMessages;
import io.hexmq.domain.message.Message;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ConsumeDirectlyRequestsTest {

    private static final DirectConsumption.Result CONSUMED =
            new DirectConsumption.Result(false, DirectConsumption.Outcome.SUCCESS, null, 4);

    private final List<ReceivedMessage> handed = new CopyOnWriteArrayList<>();
    private final ConsumeDirectlyRequests handler = new ConsumeDirectlyRequests(new PushConsumerLookup("10.0.0.1@7",
            group -> group.equals("g") ? Optional.of(new ConsumerAdminAnswers(() -> {
                throw new IllegalStateException("not asked");
            }, message -> {
                handed.add(message);
                return CompletableFuture.completedFuture(CONSUMED);
            })) : Optional.empty()));

    private static RemotingCommand asking(String group, byte[] body) {
        return RemotingCommand.request(RequestCode.CONSUME_MESSAGE_DIRECTLY)
                .extField("consumerGroup", group)
                .extField("clientId", "10.0.0.1@7")
                .extField("msgId", "0A0000010000000000000000")
                .extField("brokerName", "broker-a")
                .body(body)
                .build();
    }

    private static byte[] storedMessage() {
        return StoredMessages.stored(0L, Message.builder("T", 1, "hello".getBytes(StandardCharsets.UTF_8))
                .bornHost(StoredMessages.BORN).build());
    }

    @Test
    void handsTheStoredMessageToTheGroupsConsumer_andAnswersItsResult() {
        RemotingCommand answer = handler.handle(asking("g", storedMessage()), null).join();

        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.body()).isEqualTo(CONSUMED.toJson());
        assertThat(handed).singleElement().satisfies(message -> {
            assertThat(message.topic()).isEqualTo("T");
            assertThat(message.queueId()).isEqualTo(1);
            assertThat(message.bodyAsString()).isEqualTo("hello");
        });
    }

    @Test
    void refusesAGroupWithoutPushConsumerHere() {
        RemotingCommand answer = handler.handle(asking("other", storedMessage()), null).join();

        assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.remark()).isEqualTo("consumer group other has no push consumer in client 10.0.0.1@7");
        assertThat(handed).isEmpty();
    }

    @Test
    void refusesABodyWithoutMessage() {
        RemotingCommand answer = handler.handle(asking("g", new byte[0]), null).join();

        assertThat(answer.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.remark()).contains("no stored message");
        assertThat(handed).isEmpty();
    }
}
