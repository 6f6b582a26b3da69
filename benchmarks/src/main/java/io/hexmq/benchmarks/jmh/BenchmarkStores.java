package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.chronicle.ChronicleMessageStore;
import io.hexmq.adapters.chronicle.ChronicleStoreSettings;
import io.hexmq.adapters.file.FileStoreSettings;
import io.hexmq.adapters.file.MappedFileMessageStore;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Opens the store a benchmark names, in a fresh temporary directory, with asynchronous flush. */
final class BenchmarkStores {

    static final HostAddress STORE_HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    static final HostAddress BORN_HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 50000);
    static final Clock SYSTEM_CLOCK = System::currentTimeMillis;
    static final String TOPIC = "BenchmarkTopic";

    private BenchmarkStores() {
    }

    /** {@code file} or {@code chronicle}, started. */
    static MessageStore open(String kind, Path directory) {
        MessageStore store = switch (kind) {
            case "file" -> new MappedFileMessageStore(FileStoreSettings.defaults(directory)
                .withFlushDiskType(FlushDiskType.ASYNC_FLUSH).withDiskMaxUsedSpaceRatio(95), STORE_HOST, SYSTEM_CLOCK);
            case "chronicle" -> new ChronicleMessageStore(ChronicleStoreSettings.defaults(directory)
                .withFlushDiskType(FlushDiskType.ASYNC_FLUSH), STORE_HOST, SYSTEM_CLOCK);
            default -> throw new IllegalArgumentException("store must be file or chronicle: " + kind);
        };
        store.start();
        return store;
    }

    /**
     * The file store the scheduler benchmarks (delay, timer, transaction check-back) park their backlogs
     * in, started: asynchronous flush, 32 MiB commit-log segments and 100,000-entry consume-queue files,
     * so a backlog spans several segments of both.
     */
    static MessageStore openSchedulerStore(Path directory) {
        MessageStore store = new MappedFileMessageStore(FileStoreSettings.defaults(directory)
            .withFlushDiskType(FlushDiskType.ASYNC_FLUSH)
            .withMappedFileSizeCommitLog(32 * 1024 * 1024)
            .withMappedFileSizeConsumeQueue(100_000 * 20)
            .withDiskMaxUsedSpaceRatio(95), STORE_HOST, SYSTEM_CLOCK);
        store.start();
        return store;
    }

    /** Appends {@code messages} copies of one 1 KiB message to queue 0 of {@link #TOPIC}: a queue to read. */
    static void fillQueue(MessageStore store, int messages) {
        Message message = message(0, MessageStoreAppendBenchmark.BODY_BYTES);
        for (int i = 0; i < messages; i++) {
            store.append(message);
        }
    }

    static Message message(int queueId, int bodyBytes) {
        byte[] body = new byte[bodyBytes];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        return Message.builder(TOPIC, queueId, body).properties("TAGS\u0001TagA\u0002")
            .bornHost(BORN_HOST).bornTimestamp(System.currentTimeMillis()).build();
    }

    static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("hexmq-store-benchmark");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
