package io.hexmq.domain.metrics;

/** How a server finished with one request, for the request timings operators scrape. */
public enum RequestOutcome {
    /** A response was produced, whatever its code. */
    ANSWERED,
    /** A oneway request: processed, never answered. */
    ONEWAY,
    /** The handler failed; the client got an error response made from the failure. */
    FAILED
}
