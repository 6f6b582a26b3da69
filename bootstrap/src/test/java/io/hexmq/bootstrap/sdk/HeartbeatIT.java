package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.Producer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The broker learns of the SDK's producer group from its heartbeats and forgets it when the producer
 * closes (UNREGISTER_CLIENT), as GET_PRODUCER_CONNECTION_LIST shows.
 */
class HeartbeatIT {

    @RegisterExtension
    static final StandaloneExtension<NettyRemotingClient> hexmq = StandaloneExtension.onFileStore()
            .withClients(running -> new NettyRemotingClient(NettyClientSettings.defaults()));

    @Test
    void registersTheProducerGroupWithTheBroker_andUnregistersItOnClose() {
        try (HexmqClient client = SdkClients.client(hexmq.server())) {
            Producer producer = client.newProducer().group("sdk-heartbeat-pg").build();
            producer.send(Message.builder("sdk-heartbeat").body("hello").build());

            Await.until("the broker lists the producer", () -> producerConnections().contains(client.clientId()));

            producer.close();
            assertThat(producerConnections()).doesNotContain(client.clientId());
        }
    }

    /** The body of GET_PRODUCER_CONNECTION_LIST for the group, "" when the broker knows no connection. */
    private static String producerConnections() {
        try {
            RemotingCommand response = hexmq.clients().invokeSync(hexmq.server().broker(),
                    RemotingCommand.request(RequestCode.GET_PRODUCER_CONNECTION_LIST)
                            .extField("producerGroup", "sdk-heartbeat-pg").build(), 3_000);
            return response.code() == ResponseCode.SUCCESS ? new String(response.body(), StandardCharsets.UTF_8) : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
