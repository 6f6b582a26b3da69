package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.fakes.ReceivedFiles;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.replication.port.DurableFiles;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileStoreFilesTest {

    private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final String TOPIC = "TopicTest";
    private static final Set<String> KEPT = Set.of("group-log");

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final List<MappedFileMessageStore> stores = new ArrayList<>();

    @AfterEach
    void shutdown() {
        stores.forEach(MappedFileMessageStore::shutdown);
    }

    @Test
    void installsTheLeadersFilesAsTheyWereFrozen_andServesTheSameQueuesKeysAndState() throws Exception {
        MappedFileMessageStore leader = open(dir.resolve("leader"));
        MappedFileStoreFiles leaderFiles = filesOf(leader, dir.resolve("leader"));
        append(leader, 0, 70);
        Files.createDirectories(dir.resolve("leader/config"));
        Files.writeString(dir.resolve("leader/config/topics.json"), "{\"leader\":true}");
        MappedFileMessageStore follower = open(dir.resolve("follower"));
        append(follower, 1000, 3);
        Files.createDirectories(dir.resolve("follower/config"));
        Files.writeString(dir.resolve("follower/config/stale.json"), "{}");
        Files.createDirectories(dir.resolve("follower/group-log"));
        Files.writeString(dir.resolve("follower/group-log/raft"), "the follower's own log");

        ReceivedFiles received;
        try (DurableFiles frozen = leaderFiles.freeze()) {
            append(leader, 70, 5);
            received = ReceivedFiles.of(frozen, dir.resolve("follower/group-log/staging"));
        }
        filesOf(follower, dir.resolve("follower")).replaceWith(received);

        for (int queue = 0; queue < 2; queue++) {
            assertThat(follower.maxOffset(TOPIC, queue)).isEqualTo(35);
            assertThat(bytes(follower.read(TOPIC, queue, 0, 64, MessageFilter.ALL)))
                    .isEqualTo(bytes(leader.read(TOPIC, queue, 0, 35, MessageFilter.ALL)));
        }
        assertThat(follower.queryByKey(TOPIC, "key-42", 8, 0, Long.MAX_VALUE).messages()).hasSize(1);
        assertThat(follower.commitLogMaxOffset()).isLessThan(leader.commitLogMaxOffset());
        assertThat(Files.readString(dir.resolve("follower/config/topics.json"))).isEqualTo("{\"leader\":true}");
        assertThat(dir.resolve("follower/config/stale.json")).doesNotExist();
        assertThat(Files.readString(dir.resolve("follower/group-log/raft"))).isEqualTo("the follower's own log");
        assertThat(follower.append(message(0, 999)).queueOffset()).isEqualTo(35);
        assertThat(dir.resolve("leader/group-log/frozen").toFile().list()).isEmpty();
    }

    private MappedFileMessageStore open(Path root) {
        MappedFileMessageStore store = new MappedFileMessageStore(StoreFixture.settings(root), HOST, clock);
        store.start();
        stores.add(store);
        return store;
    }

    private static MappedFileStoreFiles filesOf(MappedFileMessageStore store, Path root) {
        return new MappedFileStoreFiles(store, StoreFixture.settings(root), root.resolve("group-log/frozen"), KEPT);
    }

    private static void append(MappedFileMessageStore store, int from, int count) {
        for (int i = from; i < from + count; i++) {
            assertThat(store.append(message(i % 2, i)).isOk()).isTrue();
        }
    }

    private static Message message(int queueId, int index) {
        return Message.builder(TOPIC, queueId, ("body-" + index).getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, "key-" + index)))
                .build();
    }

    private static List<ByteBuffer> bytes(ReadResult result) {
        return result.messages();
    }
}
