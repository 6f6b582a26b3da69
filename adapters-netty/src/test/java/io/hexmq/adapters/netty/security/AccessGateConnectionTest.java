package io.hexmq.adapters.netty.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.application.auth.AuthSettings;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserType;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.Credentials;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.RequestSignature;
import io.hexmq.remoting.protocol.RequestSigner;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gate in front of a real server's dispatcher: a flood of forged, random and truncated credentials on one
 * connection is refused request by request, and the same connection then serves a signed request.
 */
class AccessGateConnectionTest {

    private static final int ECHO = 9_301;
    private static final Credentials ALICE = new Credentials("alice", "alice-secret");

    private NettyRemotingServer server;
    private NettyRemotingClient unsigned;
    private NettyRemotingClient signed;
    private String address;

    @BeforeEach
    void start() {
        AuthDirectory directory = new AuthDirectory(AuthTable.empty()
                .with(User.enabled("alice", "alice-secret", UserType.NORMAL)));
        AccessGate gate = new AccessGate(new AuthenticateRequest(directory), new AuthorizeRequest(directory),
                new AuthSettings(true, false, Optional.empty(), Optional.empty()), Set.of(), new ManualClock(0));
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, context) ->
                        RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build()), Runnable::run)
                .gate(gate)
                .build();
        server = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0), dispatcher);
        server.start();
        address = "127.0.0.1:" + server.localAddress().getPort();
        unsigned = new NettyRemotingClient(NettyClientSettings.defaults());
        signed = new NettyRemotingClient(NettyClientSettings.defaults(), RequestDispatcher.empty(),
                RequestSigner.with(ALICE));
    }

    @AfterEach
    void stop() {
        unsigned.close();
        signed.close();
        server.stop();
    }

    @Test
    void refusesEveryForgedRequest_andKeepsTheConnectionServing() throws Exception {
        Random random = new Random(7);
        String valid = RequestSignature.signed(RemotingCommand.request(ECHO).extField("n", "0").build(), ALICE)
                .extFields().get(RequestSignature.SIGNATURE);
        for (int i = 0; i < 300; i++) {
            String signature = i % 2 == 0 ? valid.substring(0, random.nextInt(valid.length()))
                    : Long.toHexString(random.nextLong());
            RemotingCommand forged = RemotingCommand.request(ECHO).extField("n", Integer.toString(i))
                    .extField(RequestSignature.ACCESS_KEY, i % 3 == 0 ? "alice" + (char) random.nextInt(0x500) : "alice")
                    .extField(RequestSignature.SIGNATURE, signature)
                    .build();

            assertThat(unsigned.invokeSync(address, forged, 5_000).code()).as("forged request %d", i)
                    .isEqualTo(ResponseCode.NO_PERMISSION);
        }
        RemotingCommand replayed = RequestSignature.signed(RemotingCommand.request(ECHO).extField("n", "0").build(),
                ALICE).toBuilder().extField("n", "1").build();
        assertThat(unsigned.invokeSync(address, replayed, 5_000).code()).isEqualTo(ResponseCode.NO_PERMISSION);

        assertThat(signed.invokeSync(address, RemotingCommand.request(ECHO).extField("n", "ok").build(), 5_000).code())
                .isEqualTo(ResponseCode.SUCCESS);
        assertThat(unsigned.invokeSync(address, RequestSignature.signed(RemotingCommand.request(ECHO).build(), ALICE),
                5_000).code()).as("the connection that carried the forgeries").isEqualTo(ResponseCode.SUCCESS);
    }
}
