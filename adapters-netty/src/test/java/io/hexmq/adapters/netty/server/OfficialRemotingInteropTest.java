package io.hexmq.adapters.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The official rocketmq-remoting 5.3.3 Netty client and server (built for Netty 4.1, running here on
 * 4.2) talking to hexmq's server and client over loopback. One instance of each for the class: the
 * official client takes seconds to shut down.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OfficialRemotingInteropTest {

    private static final int ECHO = 9001;
    private static final long TIMEOUT_MILLIS = 5_000;

    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final BlockingQueue<RemotingCommand> onewayHandled = new LinkedBlockingQueue<>();
    private NettyRemotingServer hexmqServer;
    private org.apache.rocketmq.remoting.netty.NettyRemotingClient officialClient;
    private org.apache.rocketmq.remoting.netty.NettyRemotingServer officialServer;
    private NettyRemotingClient hexmqClient;
    private String hexmqAddress;

    @BeforeAll
    void startHexmqServerAndOfficialClient() {
        hexmqAddress = startHexmqServer();
    }

    @AfterAll
    void stopEverything() {
        if (officialClient != null) {
            officialClient.shutdown();
        }
        if (officialServer != null) {
            officialServer.shutdown();
        }
        if (hexmqClient != null) {
            hexmqClient.close();
        }
        if (hexmqServer != null) {
            hexmqServer.stop();
        }
        executor.shutdownNow();
    }

    private String startHexmqServer() {
        hexmqServer = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0), RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, context) -> {
                    if (request.isOneway()) {
                        onewayHandled.add(request);
                    }
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                            .extFields(request.extFields()).remark("echoed").body(request.body()).build();
                }), executor)
                .build());
        hexmqServer.start();
        officialClient = new org.apache.rocketmq.remoting.netty.NettyRemotingClient(new NettyClientConfig());
        officialClient.start();
        return "127.0.0.1:" + hexmqServer.localAddress().getPort();
    }

    @Test
    void officialClient_getsAnswersFromHexmqServer() throws Exception {
        String address = hexmqAddress;
        var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(ECHO, null);
        request.addExtField("topic", "TopicTest");
        request.setBody("hi".getBytes(StandardCharsets.UTF_8));

        var response = officialClient.invokeSync(address, request, TIMEOUT_MILLIS);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.getOpaque()).isEqualTo(request.getOpaque());
        assertThat(response.getRemark()).isEqualTo("echoed");
        assertThat(response.getExtFields()).containsEntry("topic", "TopicTest");
        assertThat(response.getBody()).isEqualTo("hi".getBytes(StandardCharsets.UTF_8));
        assertThat(response.getVersion()).isEqualTo(513);
    }

    @Test
    void officialClient_getsItsAnswerInTheCompactHeader_whenItAsksInIt() throws Exception {
        var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(ECHO, null);
        request.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ);
        request.addExtField("topic", "TopicTest");
        request.setBody("hi".getBytes(StandardCharsets.UTF_8));

        var response = officialClient.invokeSync(hexmqAddress, request, TIMEOUT_MILLIS);

        assertThat(response.getSerializeTypeCurrentRPC())
                .isEqualTo(org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.getOpaque()).isEqualTo(request.getOpaque());
        assertThat(response.getRemark()).isEqualTo("echoed");
        assertThat(response.getExtFields()).containsEntry("topic", "TopicTest");
        assertThat(response.getBody()).isEqualTo("hi".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void officialClient_getsRequestCodeNotSupported_forAnUnknownCode() throws Exception {
        String address = hexmqAddress;

        var response = officialClient.invokeSync(address,
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(4242, null), TIMEOUT_MILLIS);

        assertThat(response.getCode()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(response.getRemark()).isEqualTo(" request type 4242 not supported");
    }

    @Test
    void officialOnewayRequest_reachesTheHexmqHandler() throws Exception {
        String address = hexmqAddress;
        var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(ECHO, null);
        request.addExtField("k", "oneway");

        officialClient.invokeOneway(address, request, TIMEOUT_MILLIS);

        RemotingCommand received = onewayHandled.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(received.isOneway()).isTrue();
        assertThat(received.extFields()).containsEntry("k", "oneway");
    }

    @Test
    void hexmqClient_getsAnswersFromOfficialServer() throws Exception {
        NettyServerConfig config = new NettyServerConfig();
        config.setBindAddress("127.0.0.1");
        config.setListenPort(0);
        officialServer = new org.apache.rocketmq.remoting.netty.NettyRemotingServer(config);
        officialServer.registerProcessor(ECHO, new NettyRequestProcessor() {
            @Override
            public org.apache.rocketmq.remoting.protocol.RemotingCommand processRequest(
                    ChannelHandlerContext ctx, org.apache.rocketmq.remoting.protocol.RemotingCommand request) {
                var response = org.apache.rocketmq.remoting.protocol.RemotingCommand
                        .createResponseCommand(ResponseCode.SUCCESS, "official");
                response.setExtFields(new HashMap<>(request.getExtFields()));
                response.setBody(request.getBody());
                return response;
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        }, executor);
        officialServer.start();
        hexmqClient = new NettyRemotingClient(NettyClientSettings.defaults());

        RemotingCommand response = hexmqClient.invokeSync("127.0.0.1:" + officialServer.localListenPort(),
                RemotingCommand.request(ECHO).extField("k", "v").body(new byte[] {1, 2, 3}).build(), TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.remark()).isEqualTo("official");
        assertThat(response.extFields()).containsEntry("k", "v");
        assertThat(response.body()).containsExactly(1, 2, 3);
    }
}
