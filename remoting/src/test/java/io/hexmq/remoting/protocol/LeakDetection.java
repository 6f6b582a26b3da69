package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Netty's leak detector at {@code PARANOID} (every buffer tracked, every access recorded) for the tests
 * of one class, and a test fails when a buffer it left unreleased is reported. Register it on a static
 * field with {@code @RegisterExtension}; it restores the level when the class is done.
 *
 * <p>The detector reports a buffer only after the garbage collector found it unreachable and a later
 * allocation looked at its reference queue. After each test, so that "nothing reported" means "nothing
 * leaked" rather than "not looked yet", it leaves a canary unreleased on purpose and collects until the
 * canary is reported (bounded): whatever the test dropped before was unreachable by then, so it is
 * reported too. A canary that never shows fails the test as well, so a detector that is off cannot pass.
 *
 * <p>Leaks are heard through the detector's listener. Buffers share one detector, created when Netty's
 * buffer classes load, earlier than any test could install a factory; so it is reached by reflection.
 * Netty reports each distinct leak trace once per JVM, hence a hint unique in the JVM on every canary.
 */
public final class LeakDetection implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private static final String CANARY = "hexmq leak canary ";
    private static final long CANARY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final List<String> reports = new CopyOnWriteArrayList<>();
    private final AtomicLong canaries = new AtomicLong();
    private ResourceLeakDetector.Level previousLevel;

    @Override
    public void beforeAll(ExtensionContext context) throws ReflectiveOperationException {
        previousLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        bufferLeakDetector().setLeakListener((resourceType, records) -> reports.add(records));
        // Leaks of earlier test classes in this JVM are theirs: reported now, not counted against this one.
        collectUntilACanaryIsReported();
        reports.clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        assertNoLeaks();
    }

    @Override
    public void afterAll(ExtensionContext context) throws ReflectiveOperationException {
        bufferLeakDetector().setLeakListener(null);
        ResourceLeakDetector.setLevel(previousLevel);
    }

    /** Fails if a buffer that became unreachable before this call was never released. */
    public void assertNoLeaks() {
        boolean canaryReported = collectUntilACanaryIsReported();
        List<String> leaks = reports.stream().filter(report -> !report.contains(CANARY)).toList();
        reports.clear();
        assertThat(leaks).as("buffers never released").isEmpty();
        assertThat(canaryReported).as("the leak detector reported the canary left for it").isTrue();
    }

    private boolean collectUntilACanaryIsReported() {
        // Unique in the JVM, not only in this instance: another class's canary of the same text would be a duplicate.
        String canary = CANARY + System.nanoTime() + "-" + canaries.incrementAndGet();
        leaveUnreleased(canary);
        long deadline = System.nanoTime() + CANARY_TIMEOUT_NANOS;
        boolean canaryReported = false;
        while (!canaryReported && System.nanoTime() < deadline) {
            System.gc();
            // The detector polls its queue of collected buffers when it tracks a new one.
            ByteBufAllocator.DEFAULT.buffer(1).release();
            canaryReported = reports.stream().anyMatch(report -> report.contains(canary));
        }
        return canaryReported;
    }

    private static void leaveUnreleased(String hint) {
        ByteBuf canary = ByteBufAllocator.DEFAULT.buffer(1);
        canary.touch(hint);
    }

    @SuppressWarnings("unchecked")
    private static ResourceLeakDetector<ByteBuf> bufferLeakDetector() throws ReflectiveOperationException {
        var field = Class.forName("io.netty.buffer.AbstractByteBuf").getDeclaredField("leakDetector");
        field.setAccessible(true);
        return (ResourceLeakDetector<ByteBuf>) field.get(null);
    }
}
