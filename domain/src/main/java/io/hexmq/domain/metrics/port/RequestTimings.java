package io.hexmq.domain.metrics.port;

import io.hexmq.domain.metrics.RequestOutcome;

/**
 * Where a server reports how long each request took, from its arrival to its answer, by request code and the
 * response code it was answered with: the request latency and request counts that operators scrape.
 *
 * <p>Called once per request, on the thread that completes it (a send's and a pull's among them), so an
 * implementation must not block, take a contended lock or allocate once it has seen a code. {@link #NONE}
 * when metrics are off. Nothing is kept across a restart.
 */
public interface RequestTimings {

    /** Records nothing: metrics are off. */
    RequestTimings NONE = (requestCode, responseCode, outcome, elapsedNanos) -> { };

    /**
     * @param responseCode the answer's code; for a oneway request, 0
     * @param elapsedNanos from the request's arrival to its answer (queueing on the handler's executor included)
     */
    void record(int requestCode, int responseCode, RequestOutcome outcome, long elapsedNanos);
}
