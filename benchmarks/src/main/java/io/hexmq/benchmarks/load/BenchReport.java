package io.hexmq.benchmarks.load;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the load benchmarks write what they measured and what went wrong: the SLF4J logger
 * {@value #LOGGER}, which the launcher's logging configuration (on the benchmarks' classpath) writes
 * to the console at its default level, INFO. In hexmq only the launcher's commands talk to the
 * console (architecture-tests' CodingRules), and a benchmark harness is no exception: its results are
 * log lines, numbers formatted the same on every machine.
 */
final class BenchReport {

    static final String LOGGER = "bench";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private BenchReport() {
    }

    /** One line of results. */
    static void line(String text) {
        LOG.info(text);
    }

    /** One line of results, formatted as {@link String#format} does, in {@link Locale#ROOT}. */
    static void format(String format, Object... args) {
        if (LOG.isInfoEnabled()) {
            LOG.info(String.format(Locale.ROOT, format, args));
        }
    }

    /** Why the benchmark cannot run or did not finish. */
    static void problem(String text) {
        LOG.error(text);
    }
}
