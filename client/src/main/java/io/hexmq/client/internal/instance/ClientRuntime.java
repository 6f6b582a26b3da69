package io.hexmq.client.internal.instance;

import io.hexmq.client.internal.remote.NettyTransport;
import io.hexmq.client.internal.remote.Transport;
import io.hexmq.remoting.client.ClientTls;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.FrameLayout;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestSigner;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * What a {@link ClientInstance} runs on, ended by its {@code close()}. {@link #of(ClientSettings)} makes
 * the real one (Netty, the client's thread pools, the JVM's clocks); tests hand in a network that
 * answers in memory and executors they drive by hand.
 *
 * @param transport made once, with the dispatcher of the requests brokers send to the client
 * @param callbacks where async results complete and broker requests are served: never the I/O threads
 * @param scheduler the client's one scheduler (route refresh, heartbeats, consumers' periodic work)
 * @param clock     the client's time
 */
public record ClientRuntime(Function<RequestDispatcher, Transport> transport, ExecutorService callbacks,
                            ScheduledExecutorService scheduler, ClientClock clock) {

    public ClientRuntime {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(callbacks, "callbacks");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(clock, "clock");
    }

    /** The remoting module's Netty client (signing with the settings' credentials, if any), daemon thread pools sized by {@code settings}, the system clock. */
    static ClientRuntime of(ClientSettings settings) {
        NettyClientSettings netty = new NettyClientSettings(settings.ioThreads(),
                NettyClientSettings.DEFAULT_CONNECT_TIMEOUT, FrameLayout.DEFAULT_MAX_FRAME_LENGTH,
                NettyClientSettings.DEFAULT_SHUTDOWN_TIMEOUT, tls(settings.tls()));
        RequestSigner signer = settings.credentials().map(RequestSigner::with).orElse(RequestSigner.NONE);
        return new ClientRuntime(dispatcher -> new NettyTransport(new NettyRemotingClient(netty, dispatcher, signer)),
                Executors.newFixedThreadPool(settings.callbackThreads(),
                        BackgroundTasks.daemonThreads("hexmq-client-callback")),
                Executors.newSingleThreadScheduledExecutor(BackgroundTasks.daemonThreads("hexmq-client-scheduler")),
                ClientClock.SYSTEM);
    }

    /** TLS needs Netty's netty-handler on the classpath; without TLS nothing loads it. */
    private static ClientTls tls(boolean enabled) {
        return enabled ? ClientTls.trustingAnyServer() : ClientTls.NONE;
    }
}
