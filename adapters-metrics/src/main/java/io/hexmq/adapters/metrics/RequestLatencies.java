package io.hexmq.adapters.metrics;

import io.hexmq.domain.metrics.RequestOutcome;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * {@code rocketmq_rpc_latency}: a histogram of request times in milliseconds, labelled as RocketMQ labels it
 * ({@code protocol_type}, {@code request_code}, {@code response_code}, {@code result}); its {@code _count} is the
 * request count by code and response code.
 *
 * <p>On the request path a recording finds its histogram without a lock or an allocation once the pair of codes
 * was seen: request codes below {@value #INDEXED_CODES} index an array, each holding the few response codes and
 * outcomes its requests were answered with in a copy-on-write array. Only the first request of a new pair takes a
 * lock and builds its meter. The histogram's own recording is Micrometer's: atomic additions.
 */
final class RequestLatencies implements RequestTimings {

    static final String NAME = "rocketmq_rpc_latency";
    /** RocketMQ's buckets for request latency, in milliseconds. */
    private static final double[] BUCKETS_MILLIS = {1, 3, 5, 7, 10, 100, 1000, 2000, 3000};
    private static final int INDEXED_CODES = 4096;
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final MeterRegistry registry;
    private final IntFunction<String> requestNames;
    private final IntFunction<String> responseNames;
    private final AtomicReferenceArray<ByCode> indexed = new AtomicReferenceArray<>(INDEXED_CODES);
    private final Map<Integer, ByCode> others = new ConcurrentHashMap<>();

    /** @param requestNames the label of a request code; {@code responseNames} of a response code */
    RequestLatencies(MeterRegistry registry, IntFunction<String> requestNames, IntFunction<String> responseNames) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.requestNames = Objects.requireNonNull(requestNames, "requestNames");
        this.responseNames = Objects.requireNonNull(responseNames, "responseNames");
    }

    @Override
    public void record(int requestCode, int responseCode, RequestOutcome outcome, long elapsedNanos) {
        byCode(requestCode).summary(responseCode, outcome).record(elapsedNanos / NANOS_PER_MILLI);
    }

    private ByCode byCode(int requestCode) {
        if (requestCode >= 0 && requestCode < INDEXED_CODES) {
            ByCode found = indexed.get(requestCode);
            if (found == null) {
                indexed.compareAndSet(requestCode, null, new ByCode(requestCode));
                found = indexed.get(requestCode);
            }
            return found;
        }
        return others.computeIfAbsent(requestCode, ByCode::new);
    }

    private static String resultLabel(RequestOutcome outcome) {
        return switch (outcome) {
            case ANSWERED -> "success";
            case ONEWAY -> "oneway";
            case FAILED -> "process_request_failed";
        };
    }

    private record Entry(int responseCode, RequestOutcome outcome, DistributionSummary summary) {
    }

    /** The histograms of one request code. */
    private final class ByCode {

        private final int requestCode;
        private volatile Entry[] entries = new Entry[0];

        ByCode(int requestCode) {
            this.requestCode = requestCode;
        }

        DistributionSummary summary(int responseCode, RequestOutcome outcome) {
            for (Entry entry : entries) {
                if (entry.responseCode() == responseCode && entry.outcome() == outcome) {
                    return entry.summary();
                }
            }
            return added(responseCode, outcome);
        }

        private synchronized DistributionSummary added(int responseCode, RequestOutcome outcome) {
            Entry[] current = entries;
            for (Entry entry : current) {
                if (entry.responseCode() == responseCode && entry.outcome() == outcome) {
                    return entry.summary();
                }
            }
            DistributionSummary summary = DistributionSummary.builder(NAME)
                    .description("Time from a request's arrival to its answer, in milliseconds")
                    .tag(MetricNames.PROTOCOL_TYPE, "remoting")
                    .tag("request_code", requestNames.apply(requestCode))
                    .tag("response_code", outcome == RequestOutcome.ONEWAY ? "none" : responseNames.apply(responseCode))
                    .tag("result", resultLabel(outcome))
                    .serviceLevelObjectives(BUCKETS_MILLIS)
                    .register(registry);
            Entry[] grown = Arrays.copyOf(current, current.length + 1);
            grown[current.length] = new Entry(responseCode, outcome, summary);
            entries = grown;
            return summary;
        }
    }
}
