package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.header.CreateTopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** UPDATE_AND_CREATE_STATIC_TOPIC (513): refused, saying hexmq has no static topic mapping. */
class UpdateAndCreateStaticTopicHandlerTest {

    private final UpdateAndCreateStaticTopicHandler handler = new UpdateAndCreateStaticTopicHandler();

    @Test
    void refusesWithSystemError_andARemarkNamingTheMissingMapping() {
        RemotingCommand request = RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC)
                .extField(CreateTopicHeader.TOPIC.name(), "StaticTopic")
                .extField(CreateTopicHeader.READ_QUEUE_NUMS.name(), "4")
                .extField(CreateTopicHeader.WRITE_QUEUE_NUMS.name(), "4")
                .extField(CreateTopicHeader.PERM.name(), "6")
                .body("{\"topic\":\"StaticTopic\",\"totalQueues\":4}".getBytes(StandardCharsets.UTF_8))
                .build().withOpaque(9);

        RemotingCommand response = handler.handle(request, TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.opaque()).isEqualTo(9);
        assertThat(response.remark()).startsWith("hexmq has no static topic mapping").contains("StaticTopic");
    }
}
