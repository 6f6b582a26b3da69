package io.hexmq.adapters.console;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for a change the use case completes later (a topic change completes once the NameServers have the new
 * route), so the page the browser is sent to shows it done.
 */
final class Changes {

    /** Longer than one registration round to every NameServer (RocketMQ's registerBrokerTimeoutMills is 24 s). */
    private static final Duration WAIT = Duration.ofSeconds(30);

    private Changes() {
    }

    static <T> T await(CompletionStage<T> change, String what) {
        try {
            return change.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " took longer than " + WAIT.toSeconds() + " s", e);
        }
    }
}
