package io.hexmq.remoting.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.remoting.protocol.ConnectionClosedException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingConnectException;
import io.hexmq.remoting.protocol.RemotingException;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a real server on 127.0.0.1 with an ephemeral port. */
class NettyRemotingClientTest {

    private static final int ECHO = 9001;
    private static final int NEVER_ANSWERS = 9002;
    private static final int CLOSES_CONNECTION = 9003;
    private static final long TIMEOUT_MILLIS = 5_000;
    /** Far beyond any wait below: a failure observed in time cannot be this timeout. */
    private static final long LONG_TIMEOUT_MILLIS = 60_000;

    private final ExecutorService handlerExecutor = Executors.newFixedThreadPool(2);
    private final BlockingQueue<RemotingCommand> handled = new LinkedBlockingQueue<>();
    private final RequestDispatcher dispatcher = RequestDispatcher.builder()
            .register(ECHO, RequestHandler.answering((request, context) -> {
                handled.add(request);
                return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                        .extFields(request.extFields()).body(request.body()).build();
            }), handlerExecutor)
            .register(NEVER_ANSWERS, (request, context) -> new CompletableFuture<>(), handlerExecutor)
            .register(CLOSES_CONNECTION, (request, context) -> {
                context.peer().close();
                return new CompletableFuture<>();
            }, handlerExecutor)
            .build();

    private NettyRemotingServer server;
    private NettyRemotingClient client;
    private String address;

    @BeforeEach
    void startServerAndClient() {
        server = startServer(0);
        address = "127.0.0.1:" + server.localAddress().getPort();
        client = new NettyRemotingClient(NettyClientSettings.defaults());
    }

    @AfterEach
    void stopEverything() {
        client.close();
        server.stop();
        handlerExecutor.shutdownNow();
    }

    private NettyRemotingServer startServer(int port) {
        NettyRemotingServer started = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", port), dispatcher);
        started.start();
        return started;
    }

    @Test
    void returnsTheResponse_whenInvokedSynchronously() throws Exception {
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);

        RemotingCommand response = client.invokeSync(address,
                RemotingCommand.request(ECHO).extField("k", "v").body(body).build(), TIMEOUT_MILLIS);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("k", "v");
        assertThat(response.body()).isEqualTo(body);
    }

    @Test
    void matchesEachResponseToItsRequest_whenManyAreInFlight() throws Exception {
        List<CompletableFuture<RemotingCommand>> responses = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            responses.add(client.invokeAsync(address, RemotingCommand.request(ECHO).extField("n", i).build(),
                    TIMEOUT_MILLIS));
        }

        for (int i = 0; i < responses.size(); i++) {
            assertThat(responses.get(i).get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).extFields())
                    .containsEntry("n", String.valueOf(i));
        }
    }

    @Test
    void deliversOnewayRequest_withoutWaitingForAnAnswer() throws Exception {
        client.invokeOneway(address, RemotingCommand.request(ECHO).extField("k", "oneway").build())
                .get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);

        RemotingCommand received = handled.poll(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(received.extFields()).containsEntry("k", "oneway");
        assertThat(received.isOneway()).isTrue();
    }

    @Test
    void failsWithTimeout_whenNoResponseArrivesInTime() {
        CompletableFuture<RemotingCommand> response = client.invokeAsync(address,
                RemotingCommand.request(NEVER_ANSWERS).build(), 200);

        assertThatThrownBy(() -> response.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RemotingTimeoutException.class);
        assertThatThrownBy(() -> client.invokeSync(address, RemotingCommand.request(NEVER_ANSWERS).build(), 200))
                .isInstanceOf(RemotingTimeoutException.class)
                .hasMessageContaining("no response to request code " + NEVER_ANSWERS);
    }

    @Test
    void failsWaitingRequestsAtOnce_whenTheConnectionCloses() {
        CompletableFuture<RemotingCommand> waiting = client.invokeAsync(address,
                RemotingCommand.request(NEVER_ANSWERS).build(), LONG_TIMEOUT_MILLIS);
        CompletableFuture<RemotingCommand> closing = client.invokeAsync(address,
                RemotingCommand.request(CLOSES_CONNECTION).build(), LONG_TIMEOUT_MILLIS);

        assertThatThrownBy(() -> closing.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS))
                .hasCauseInstanceOf(ConnectionClosedException.class);
        assertThatThrownBy(() -> waiting.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS))
                .hasCauseInstanceOf(ConnectionClosedException.class);
    }

    @Test
    void failsWithConnectException_whenNothingListens() throws Exception {
        int port = server.localAddress().getPort();
        server.stop();

        assertThatThrownBy(() -> client.invokeSync("127.0.0.1:" + port, RemotingCommand.request(ECHO).build(),
                TIMEOUT_MILLIS))
                .isInstanceOf(RemotingConnectException.class)
                .hasMessageContaining("127.0.0.1:" + port);
    }

    @Test
    void reconnects_whenTheServerRestartsOnTheSamePort() throws Exception {
        assertThat(echo().code()).isEqualTo(ResponseCode.SUCCESS);
        int port = server.localAddress().getPort();

        server.stop();
        server = startServer(port);

        assertThat(echoWithinBound().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void reconnects_whenItsConnectionWasClosed() throws Exception {
        echo();
        client.closeConnection(address);

        assertThat(echo().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void answersRequestCodeNotSupported_whenServerCallsACodeItDoesNotServe() throws Exception {
        CompletableFuture<io.hexmq.remoting.protocol.RemotingPeer> clientPeer = new CompletableFuture<>();
        server.stop();
        server = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0), RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, context) -> {
                    clientPeer.complete(context.peer());
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
                }), handlerExecutor)
                .build());
        server.start();
        client.invokeSync("127.0.0.1:" + server.localAddress().getPort(), RemotingCommand.request(ECHO).build(),
                TIMEOUT_MILLIS);

        RemotingCommand answer = clientPeer.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                .invoke(RemotingCommand.request(4242).build(), TIMEOUT_MILLIS).get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);

        assertThat(answer.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
    }

    @Test
    void rejectsAddresses_withoutAPort() {
        assertThatThrownBy(() -> client.invokeAsync("localhost", RemotingCommand.request(ECHO).build(), 100))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesRequests_afterClose() {
        client.close();

        assertThatThrownBy(() -> client.invokeAsync(address, RemotingCommand.request(ECHO).build(), 100))
                .isInstanceOf(IllegalStateException.class);
    }

    private RemotingCommand echo() throws InterruptedException {
        return client.invokeSync(address, RemotingCommand.request(ECHO).build(), TIMEOUT_MILLIS);
    }

    /**
     * The client may try the old connection once more before it sees the server's close: retry,
     * bounded, until a request goes through the new connection.
     */
    private RemotingCommand echoWithinBound() throws InterruptedException {
        // Each attempt gets a short timeout: a request written into the old, half-closed connection is
        // lost with it, and must not use up the whole bound (seen on a loaded 2-core machine).
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * TIMEOUT_MILLIS);
        while (true) {
            try {
                return client.invokeSync(address, RemotingCommand.request(ECHO).build(), 1_000);
            } catch (RemotingException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }
}
