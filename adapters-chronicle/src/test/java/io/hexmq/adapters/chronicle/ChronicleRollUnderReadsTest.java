package io.hexmq.adapters.chronicle;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day's end under load: the store rolls to a new Chronicle cycle while one thread appends and others read the
 * queues' tails and look records up, as a replica applying its group's log serves pulls. Every append is taken,
 * and the queues end where they should, before and after a restart.
 */
class ChronicleRollUnderReadsTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long DAY = 24 * 3_600_000L;
    private static final long START_MILLIS = 1_700_000_000_000L;
    private static final String TOPIC = "RollTopic";
    private static final int APPENDS = 20_000;

    @TempDir
    Path root;

    @Test
    void takesEveryAppendAcrossARoll_whileReadersTailTheQueues() throws Exception {
        ManualClock clock = new ManualClock(START_MILLIS);
        ChronicleMessageStore store = TestStores.store(TestStores.settings(root), STORE_HOST, clock);
        store.start();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            int queue = r % 2;
            Thread reader = new Thread(() -> {
                long next = 0;
                try {
                    while (!stop.get()) {
                        int got = store.read(TOPIC, queue, next, 32, MessageFilter.ALL).messages().size();
                        next += got;
                        store.lookup(Math.max(0, store.commitLogMaxOffset() - 1));
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            reader.start();
            readers.add(reader);
        }
        for (int i = 0; i < APPENDS; i++) {
            if (i == APPENDS / 2) {
                clock.advanceMillis(DAY);
            }
            AppendResult result = store.append(Message.builder(TOPIC, i % 2, ("m" + i).getBytes(StandardCharsets.UTF_8))
                .build());
            assertThat(result.isOk()).as("append %d: %s", i, result).isTrue();
        }
        stop.set(true);
        for (Thread reader : readers) {
            reader.join();
        }
        assertThat(failure.get()).isNull();
        assertThat(store.maxOffset(TOPIC, 0) + store.maxOffset(TOPIC, 1)).isEqualTo(APPENDS);
        store.shutdown();
        ChronicleMessageStore again = TestStores.store(TestStores.settings(root), STORE_HOST, clock);
        again.start();
        assertThat(again.maxOffset(TOPIC, 0) + again.maxOffset(TOPIC, 1)).isEqualTo(APPENDS);
        again.shutdown();
    }
}
