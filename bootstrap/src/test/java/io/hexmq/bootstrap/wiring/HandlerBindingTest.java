package io.hexmq.bootstrap.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandlerBindingTest {

    private static final RequestHandler ANY_HANDLER = (request, context) -> CompletableFuture.completedFuture(request);

    private final ExecutorService send = Executors.newSingleThreadExecutor();
    private final ExecutorService pull = Executors.newSingleThreadExecutor();
    private final ExecutorService admin = Executors.newSingleThreadExecutor();
    private final Map<HandlerPool, ExecutorService> brokerPools = Map.of(
            HandlerPool.BROKER_SEND, send, HandlerPool.BROKER_PULL, pull, HandlerPool.BROKER_ADMIN, admin);

    @AfterEach
    void shutDown() {
        send.shutdownNow();
        pull.shutdownNow();
        admin.shutdownNow();
    }

    @Test
    void runsEachCodeOnThePoolItsBindingNames() {
        assertThat(HandlerBinding.onSendThreads(RequestCode.SEND_MESSAGE_V2, ANY_HANDLER).executorIn(brokerPools))
                .isSameAs(send);
        assertThat(HandlerBinding.onPullThreads(RequestCode.PULL_MESSAGE, ANY_HANDLER).executorIn(brokerPools))
                .isSameAs(pull);
        assertThat(HandlerBinding.onAdminThreads(RequestCode.HEART_BEAT, ANY_HANDLER).executorIn(brokerPools))
                .isSameAs(admin);
    }

    @Test
    void refusesABindingToAPoolTheNodeDoesNotHave() {
        HandlerBinding nameServerCode = HandlerBinding.onNameServerThreads(RequestCode.REGISTER_BROKER, ANY_HANDLER);

        assertThatThrownBy(() -> nameServerCode.executorIn(brokerPools))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("request code " + RequestCode.REGISTER_BROKER)
                .hasMessageContaining("NAMESRV");
    }
}
