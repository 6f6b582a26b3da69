package io.hexmq.adapters.netty.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real server on 127.0.0.1 with an ephemeral port. */
class NettyRemotingServerTest {

    private static final int ECHO = 9001;
    private static final int NEEDS_TOPIC = 9002;
    private static final int FAILS = 9003;
    private static final int CALLS_BACK = 9004;
    private static final int CLIENT_SIDE = 9100;
    private static final int MAX_FRAME = 64 * 1024;
    private static final long TIMEOUT_MILLIS = 5_000;

    /** One thread: requests of a connection are handled in arrival order, which the oneway test relies on. */
    private final ExecutorService handlerExecutor = Executors.newSingleThreadExecutor();
    private final BlockingQueue<RemotingCommand> handled = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> connectionEvents = new LinkedBlockingQueue<>();
    private final BlockingQueue<RemotingCommand> handledByClient = new LinkedBlockingQueue<>();
    private final CompletableFuture<RemotingPeer> calledBackPeer = new CompletableFuture<>();

    private NettyRemotingServer server;
    private NettyRemotingClient client;
    private String address;

    @BeforeEach
    void startServerAndClient() {
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, context) -> {
                    handled.add(request);
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                            .extFields(request.extFields())
                            .extField("connectionId", context.connectionId().value())
                            .body(request.body())
                            .build();
                }), handlerExecutor)
                .register(NEEDS_TOPIC, RequestHandler.answering((request, context) -> {
                    request.header().requiredString("topic");
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
                }), handlerExecutor)
                .register(FAILS, (request, context) -> {
                    throw new IllegalStateException("boom");
                }, handlerExecutor)
                .register(CALLS_BACK, RequestHandler.answering((request, context) -> {
                    calledBackPeer.complete(context.peer());
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
                }), handlerExecutor)
                .build();
        ConnectionListener listener = new ConnectionListener() {
            @Override
            public void connectionOpened(RemotingPeer peer) {
                connectionEvents.add("opened " + peer.connectionId().value());
            }

            @Override
            public void connectionClosed(RemotingPeer peer) {
                connectionEvents.add("closed " + peer.connectionId().value());
            }
        };
        server = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0).withMaxFrameLength(MAX_FRAME),
                dispatcher, listener);
        server.start();
        address = "127.0.0.1:" + server.localAddress().getPort();
        RequestDispatcher clientDispatcher = RequestDispatcher.builder()
                .register(CLIENT_SIDE, RequestHandler.answering((request, context) -> {
                    handledByClient.add(request);
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).extField("answeredBy", "client")
                            .build();
                }), handlerExecutor)
                .build();
        client = new NettyRemotingClient(NettyClientSettings.defaults(), clientDispatcher);
    }

    @AfterEach
    void stopEverything() {
        client.close();
        server.stop();
        handlerExecutor.shutdownNow();
    }

    @Test
    void exposesTheBoundEphemeralPort() {
        assertThat(server.localAddress().getPort()).isPositive();
        assertThat(server.localAddress().getAddress().isLoopbackAddress()).isTrue();
    }

    @Test
    void answersRequest_withTheHandlersResponse() throws Exception {
        byte[] body = "payload".getBytes(StandardCharsets.UTF_8);

        RemotingCommand response = client.invokeSync(address,
                RemotingCommand.request(ECHO).extField("topic", "TopicTest").body(body).build(), TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.isResponse()).isTrue();
        assertThat(response.version()).isEqualTo(ProtocolVersion.V5_5_0);
        assertThat(response.extFields()).containsEntry("topic", "TopicTest");
        assertThat(response.body()).isEqualTo(body);
    }

    @Test
    void answersRequestCodeNotSupported_whenCodeIsUnknown() throws Exception {
        RemotingCommand response = client.invokeSync(address, RemotingCommand.request(12_345).build(), TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(response.remark()).isEqualTo(" request type 12345 not supported");
    }

    @Test
    void answersSystemError_namingTheField_whenRequiredHeaderFieldIsMissing() throws Exception {
        RemotingCommand response = client.invokeSync(address, RemotingCommand.request(NEEDS_TOPIC).build(),
                TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("'topic'");
    }

    @Test
    void answersSystemError_withTheExceptionText_whenHandlerThrows() throws Exception {
        RemotingCommand response = client.invokeSync(address, RemotingCommand.request(FAILS).build(), TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("java.lang.IllegalStateException: boom");
    }

    @Test
    void processesOnewayRequest_withoutAnsweringIt() throws Exception {
        try (RawConnection raw = new RawConnection(server.localAddress())) {
            byte[] oneway = RawConnection.jsonFrame("{\"code\":" + ECHO + ",\"flag\":2,\"opaque\":1,"
                    + "\"extFields\":{\"n\":\"oneway\"}}");
            byte[] twoWay = RawConnection.jsonFrame("{\"code\":" + ECHO + ",\"flag\":0,\"opaque\":2}");

            raw.write(concat(oneway, twoWay));
            JsonObject firstAnswer = raw.readHeader();

            assertThat(handled.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).extFields()).containsEntry("n", "oneway");
            assertThat(firstAnswer.get("opaque").getAsInt()).isEqualTo(2);
            assertThat(firstAnswer.get("flag").getAsInt()).isEqualTo(1);
        }
    }

    @Test
    void answersBinaryHeaderRequest_inTheBinaryHeader() throws Exception {
        try (RawConnection raw = new RawConnection(server.localAddress())) {
            ByteBuffer header = ByteBuffer.allocate(2 + 1 + 2 + 4 + 4 + 4 + 4)
                    .putShort((short) ECHO).put((byte) 0).putShort((short) 401).putInt(77).putInt(0).putInt(0).putInt(0);
            byte[] frame = ByteBuffer.allocate(8 + header.capacity()).putInt(4 + header.capacity())
                    .putInt((1 << 24) | header.capacity()).put(header.array()).array();

            raw.write(frame);
            ByteBuffer answer = ByteBuffer.wrap(raw.readFrame());

            assertThat(answer.get(0)).as("serialize type ROCKETMQ").isEqualTo((byte) 1);
            answer.position(4);
            assertThat(answer.getShort()).as("code").isEqualTo((short) ResponseCode.SUCCESS);
            assertThat(answer.get()).as("language JAVA").isZero();
            assertThat(answer.getShort()).as("version").isEqualTo((short) 513);
            assertThat(answer.getInt()).as("opaque").isEqualTo(77);
            assertThat(answer.getInt()).as("flag").isEqualTo(RemotingCommand.RESPONSE_FLAG);
        }
    }

    @Test
    void answersEveryRequest_whenMoreArriveInOneWriteThanOneFlushCarries() throws Exception {
        int requests = 600;
        try (RawConnection raw = new RawConnection(server.localAddress())) {
            byte[] all = new byte[0];
            for (int opaque = 0; opaque < requests; opaque++) {
                all = concat(all, RawConnection.jsonFrame("{\"code\":" + ECHO + ",\"flag\":0,\"opaque\":" + opaque + "}"));
            }

            raw.write(all);
            Set<Integer> answered = new HashSet<>();
            for (int i = 0; i < requests; i++) {
                answered.add(raw.readHeader().get("opaque").getAsInt());
            }

            assertThat(answered).hasSize(requests).allMatch(opaque -> opaque >= 0 && opaque < requests);
        }
    }

    @Test
    void rejectsFrame_whenLengthExceedsMaximum() throws Exception {
        assertClosesOnlyThatConnection(ByteBuffer.allocate(4).putInt(MAX_FRAME).array(), false);
    }

    @Test
    void rejectsFrame_whenLengthIsNegative() throws Exception {
        assertClosesOnlyThatConnection(ByteBuffer.allocate(8).putInt(-8).putInt(0).array(), false);
    }

    @Test
    void rejectsFrame_whenConnectionClosesInsideAFrame() throws Exception {
        byte[] frame = RawConnection.jsonFrame("{\"code\":" + ECHO + ",\"opaque\":1}");

        assertClosesOnlyThatConnection(Arrays.copyOf(frame, frame.length - 5), true);
    }

    @Test
    void rejectsFrame_whenHeaderLengthExceedsTheFrame() throws Exception {
        assertClosesOnlyThatConnection(ByteBuffer.allocate(12).putInt(8).putInt(100).putInt(0).array(), false);
    }

    @Test
    void rejectsFrame_whenHeaderIsUnparsable() throws Exception {
        assertClosesOnlyThatConnection(RawConnection.jsonFrame("{\"code\": nope"), false);
    }

    @Test
    void closesConnection_whenIdleLongerThanTheIdleTimeout() throws Exception {
        try (NettyRemotingServer idleServer = new NettyRemotingServer(
                NettyServerSettings.defaults("127.0.0.1", 0).withIdleTimeout(Duration.ofMillis(200)),
                RequestDispatcher.empty());
             RawConnection raw = startAndConnect(idleServer)) {

            assertThat(raw.closedByServer()).isTrue();
        }
    }

    @Test
    void tellsTheListener_whenAConnectionOpensAndCloses() throws Exception {
        RemotingCommand response = client.invokeSync(address, RemotingCommand.request(ECHO).build(), TIMEOUT_MILLIS);
        String connectionId = response.extFields().get("connectionId");

        assertThat(connectionEvents.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo("opened " + connectionId);
        client.closeConnection(address);
        assertThat(connectionEvents.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo("closed " + connectionId);
    }

    @Test
    void callsTheClient_overTheConnectionARequestCameIn() throws Exception {
        client.invokeSync(address, RemotingCommand.request(CALLS_BACK).build(), TIMEOUT_MILLIS);
        RemotingPeer clientPeer = calledBackPeer.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);

        RemotingCommand answer = clientPeer.invoke(RemotingCommand.request(CLIENT_SIDE).extField("k", "v").build(),
                TIMEOUT_MILLIS).get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        clientPeer.invokeOneway(RemotingCommand.request(CLIENT_SIDE).extField("k", "oneway").build())
                .get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);

        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.extFields()).containsEntry("answeredBy", "client");
        assertThat(handledByClient.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).extFields()).containsEntry("k", "v");
        RemotingCommand oneway = handledByClient.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(oneway.extFields()).containsEntry("k", "oneway");
        assertThat(oneway.isOneway()).isTrue();
    }

    @Test
    void stopsGracefully_andRefusesToStartAgain() {
        server.stop();
        server.stop();

        assertThatThrownBy(() -> server.localAddress()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> server.start()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void failsToStart_whenThePortIsTaken() {
        NettyRemotingServer second = new NettyRemotingServer(
                NettyServerSettings.defaults("127.0.0.1", server.localAddress().getPort()), RequestDispatcher.empty());

        assertThatThrownBy(second::start).isInstanceOf(ServerBindException.class);
    }

    private RawConnection startAndConnect(NettyRemotingServer target) throws Exception {
        target.start();
        return new RawConnection(target.localAddress());
    }

    /** Another connection is open before the bad frame and still served after it. */
    private void assertClosesOnlyThatConnection(byte[] badBytes, boolean thenCloseOutput) throws Exception {
        assertThat(echo("before").extFields()).containsEntry("n", "before");

        try (RawConnection raw = new RawConnection(server.localAddress())) {
            raw.write(badBytes);
            if (thenCloseOutput) {
                raw.shutdownOutput();
            }
            assertThat(raw.closedByServer()).as("bad connection closed").isTrue();
        }

        assertThat(echo("after").extFields()).containsEntry("n", "after");
        assertThat(handled).extracting(command -> command.extFields().get("n")).containsExactly("before", "after");
    }

    private RemotingCommand echo(String marker) throws InterruptedException {
        return client.invokeSync(address, RemotingCommand.request(ECHO).extField("n", marker).build(), TIMEOUT_MILLIS);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
