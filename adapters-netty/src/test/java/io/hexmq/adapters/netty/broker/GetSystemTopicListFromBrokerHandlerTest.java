package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.topic.ListBrokerSystemTopics;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** GET_SYSTEM_TOPIC_LIST_FROM_BROKER (305): the broker's own topics as a TopicList, without brokerAddr. */
class GetSystemTopicListFromBrokerHandlerTest {

    private final TestBroker broker = new TestBroker();
    private final GetSystemTopicListFromBrokerHandler handler =
            new GetSystemTopicListFromBrokerHandler(new ListBrokerSystemTopics(broker.topics, broker.settings));

    @Test
    void answersATopicListOfTheSystemTopics() {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER).build()
                .withOpaque(5);

        RemotingCommand response = handler.handle(request, TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(5);
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertThat(body).startsWith("{\"topicList\":[").contains("\"TBW102\"", "\"DefaultCluster\"", "\"broker-a\"")
                .doesNotContain("brokerAddr");
    }
}
