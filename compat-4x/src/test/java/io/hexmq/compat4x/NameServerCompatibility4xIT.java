package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.RequestCode;
import org.apache.rocketmq.common.protocol.ResponseCode;
import org.apache.rocketmq.common.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.common.protocol.route.BrokerData;
import org.apache.rocketmq.common.protocol.route.QueueData;
import org.apache.rocketmq.common.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Topic routes as the official 4.9.x client asks for them (GET_ROUTEINFO_BY_TOPIC, code 105, no
 * {@code acceptStandardJsonOnly} header): the NameServer picks the JSON shape of {@code brokerAddrs}
 * from the request's version alone, standard from 4.9.4 (ordinal 401) on, fastjson's unquoted keys before.
 */
class NameServerCompatibility4xIT {

    private static final String TOPIC = "RouteTopic4x";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-route-4x");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 4);
    }

    @Test
    void theOfficialClientsRouteLookup_namesTheBrokerItsAddressAndEveryQueue() throws Exception {
        TopicRouteData route = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl()
                .getTopicRouteInfoFromNameServer(TOPIC, 3_000);

        assertThat(route.getBrokerDatas()).hasSize(1);
        BrokerData broker = route.getBrokerDatas().get(0);
        assertThat(broker.getBrokerName()).isEqualTo(hexmq.server().brokerName());
        assertThat(broker.getBrokerAddrs()).containsExactly(Map.entry(0L, hexmq.server().broker()));
        assertThat(route.getQueueDatas()).hasSize(1);
        QueueData queues = route.getQueueDatas().get(0);
        assertThat(queues.getBrokerName()).isEqualTo(hexmq.server().brokerName());
        assertThat(queues.getReadQueueNums()).isEqualTo(4);
        assertThat(queues.getWriteQueueNums()).isEqualTo(4);
        assertThat(queues.getPerm()).isEqualTo(6);
        assertThat(producer.fetchPublishMessageQueues(TOPIC)).extracting(MessageQueue::getQueueId)
                .containsExactlyInAnyOrder(0, 1, 2, 3);
    }

    @Test
    void aRouteAskedForByA498Client_comesAsStandardJson_andByA490Client_withFastjsonsUnquotedKeys() throws Exception {
        NettyRemotingClient remoting = new NettyRemotingClient(new NettyClientConfig());
        remoting.start();
        try {
            String standard = routeBody(remoting, MQVersion.CURRENT_VERSION);
            String legacy = routeBody(remoting, MQVersion.Version.V4_9_0.ordinal());

            assertThat(MQVersion.CURRENT_VERSION).isEqualTo(MQVersion.Version.V4_9_8.ordinal());
            assertThat(standard).contains("\"brokerAddrs\":{\"0\":\"" + hexmq.server().broker() + "\"}");
            assertThat(legacy).contains("\"brokerAddrs\":{0:\"" + hexmq.server().broker() + "\"}");
            for (String body : new String[] {standard, legacy}) {
                TopicRouteData decoded = TopicRouteData.decode(body.getBytes(StandardCharsets.UTF_8),
                        TopicRouteData.class);
                assertThat(decoded.getBrokerDatas().get(0).getBrokerAddrs())
                        .containsExactly(Map.entry(0L, hexmq.server().broker()));
                assertThat(decoded.getQueueDatas().get(0).getWriteQueueNums()).isEqualTo(4);
            }
        } finally {
            remoting.shutdown();
        }
    }

    private String routeBody(NettyRemotingClient remoting, int clientVersion) throws Exception {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic(TOPIC);
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.GET_ROUTEINFO_BY_TOPIC, header);
        request.setVersion(clientVersion);
        RemotingCommand response = remoting.invokeSync(hexmq.server().nameServer(), request, 3_000);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        return new String(response.getBody(), StandardCharsets.UTF_8);
    }
}
