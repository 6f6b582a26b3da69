package io.hexmq.application.fakes;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The stages use cases return, as tests over the in-memory fakes read them. */
public final class Stages {

    private Stages() {
    }

    /**
     * The value {@code stage} completed with. Over the in-memory fakes every append completes before it
     * returns, so a stage still open is a failure, not something to wait for.
     */
    public static <T> T joined(CompletionStage<T> stage) {
        CompletableFuture<T> future = stage.toCompletableFuture();
        if (!future.isDone()) {
            throw new AssertionError("the stage is still open, but over the in-memory fakes it completes at once");
        }
        return future.join();
    }
}
