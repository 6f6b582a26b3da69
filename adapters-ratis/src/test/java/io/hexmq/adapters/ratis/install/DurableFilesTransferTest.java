package io.hexmq.adapters.ratis.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.ratis.server.protocol.TermIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableFilesTransferTest {

    private static final int CHUNK = 1000;
    private static final long IDLE_NANOS = 60_000_000_000L;

    @TempDir
    Path leaderStores;

    @TempDir
    Path followerLog;

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger released = new AtomicInteger();
    private final DurableFilesServer server = new DurableFilesServer(now::get, IDLE_NANOS, CHUNK);

    @Test
    void shipsTheListedPrefixOfEachFile_chunkByChunk_andReleasesTheFilesAfterwards() throws IOException {
        byte[] segment = new byte[4321];
        for (int i = 0; i < segment.length; i++) {
            segment[i] = (byte) i;
        }
        Files.createDirectories(leaderStores.resolve("commitlog"));
        Files.write(leaderStores.resolve("commitlog/00000000000000000000"), segment);
        Files.write(leaderStores.resolve("offsets.json"), "{\"a\":1}".getBytes());
        // Bytes past a listed length were appended after the freeze: they are not shipped.
        DurableFiles frozen = frozen(new DurableFile("commitlog/00000000000000000000", 4000),
                new DurableFile("offsets.json", 7), new DurableFile("empty", 0));
        Files.createFile(leaderStores.resolve("empty"));

        FrozenFiles received = fetcher().fetch(leader(frozen));

        assertThat(received.point()).isEqualTo(TermIndex.valueOf(3, 120));
        assertThat(received.files().files()).isEqualTo(frozen.files());
        Path root = received.files().root();
        assertThat(root).startsWith(followerLog);
        assertThat(Files.readAllBytes(root.resolve("commitlog/00000000000000000000")))
                .isEqualTo(java.util.Arrays.copyOf(segment, 4000));
        assertThat(Files.readString(root.resolve("offsets.json"))).isEqualTo("{\"a\":1}");
        assertThat(root.resolve("empty")).isEmptyFile();
        assertThat(released).hasValue(1);
        assertThat(server.openSessions()).isZero();

        received.files().close();
        assertThat(root).doesNotExist();
    }

    @Test
    void failsAndCleansUp_whenTheLeaderListsMoreBytesThanAFileHas() throws IOException {
        Files.write(leaderStores.resolve("short"), new byte[10]);
        DurableFiles frozen = frozen(new DurableFile("short", 20));

        assertThatThrownBy(() -> fetcher().fetch(leader(frozen)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("shorter than its listed 20 bytes");
        try (var staged = Files.list(followerLog)) {
            assertThat(staged).isEmpty();
        }
        assertThat(released).hasValue(1);
    }

    @Test
    void releasesASessionTheFollowerAbandoned_afterTheIdleTime() {
        DurableFiles frozen = frozen();
        server.serve(ByteBuffer.wrap(TransferLayout.openRequest()), () -> freeze(frozen)).join();

        now.addAndGet(IDLE_NANOS);
        server.expireIdle();
        assertThat(server.openSessions()).isEqualTo(1);
        now.addAndGet(1);
        server.expireIdle();

        assertThat(server.openSessions()).isZero();
        assertThat(released).hasValue(1);
    }

    @Test
    void detectsAChunkCorruptedOnTheWay() {
        ByteBuffer reply = ByteBuffer.allocate(TransferLayout.CRC_BYTES + 3).position(TransferLayout.CRC_BYTES);
        reply.put(new byte[] {1, 2, 3}).position(TransferLayout.CRC_BYTES);
        ByteBuffer sealed = TransferLayout.sealChunk(reply, 3);
        sealed.put(TransferLayout.CRC_BYTES + 1, (byte) 9);

        assertThatThrownBy(() -> TransferLayout.openChunk(sealed)).hasMessageContaining("corrupt");
    }

    private DurableFilesFetcher fetcher() {
        return new DurableFilesFetcher(followerLog, CHUNK, 10_000);
    }

    private Function<byte[], CompletableFuture<ByteBuffer>> leader(DurableFiles frozen) {
        return request -> server.serve(ByteBuffer.wrap(request), () -> freeze(frozen));
    }

    private CompletableFuture<FrozenFiles> freeze(DurableFiles files) {
        return CompletableFuture.completedFuture(new FrozenFiles(TermIndex.valueOf(3, 120), files));
    }

    private DurableFiles frozen(DurableFile... files) {
        return new DurableFiles() {
            @Override
            public Path root() {
                return leaderStores;
            }

            @Override
            public List<DurableFile> files() {
                return List.of(files);
            }

            @Override
            public void close() {
                released.incrementAndGet();
            }
        };
    }
}
