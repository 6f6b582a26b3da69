package io.hexmq.application.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.domain.time.port.Clock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every store's {@link StoreFiles} promises a follower behind its group's purged log: the leader's
 * files frozen at one point, installed in place of the follower's, make the follower's store serve exactly
 * what the leader's did then (queues, bytes, keys, the state files beside the store), while the names the
 * store was told to keep (the group's own log) stay as they were.
 */
public abstract class StoreFilesContract {

    protected static final String KEPT = "group-log";
    private static final String TOPIC = "TopicTest";
    private static final int QUEUES = 2;

    @TempDir
    protected Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final List<MessageStore> opened = new ArrayList<>();

    /** A started store under {@code root}. */
    protected abstract MessageStore openStore(Path root, Clock clock);

    /** The files of {@code store} (opened by {@link #openStore} under {@code root}), keeping {@link #KEPT}. */
    protected abstract StoreFiles filesOf(MessageStore store, Path root);

    @AfterEach
    void shutdownStores() {
        opened.forEach(MessageStore::shutdown);
    }

    @Test
    void installsTheLeadersFilesAsTheyWereFrozen_andServesTheSameQueuesKeysAndState() throws Exception {
        MessageStore leader = open(dir.resolve("leader"));
        append(leader, 0, 70);
        write(dir.resolve("leader/config/topics.json"), "{\"leader\":true}");
        MessageStore follower = open(dir.resolve("follower"));
        append(follower, 1000, 3);
        write(dir.resolve("follower/config/stale.json"), "{}");
        write(dir.resolve("follower/" + KEPT + "/raft"), "the follower's own log");

        ReceivedFiles received;
        try (DurableFiles frozen = filesOf(leader, dir.resolve("leader")).freeze()) {
            append(leader, 70, 6);
            received = ReceivedFiles.of(frozen, dir.resolve("follower/" + KEPT + "/staging"));
        }
        filesOf(follower, dir.resolve("follower")).replaceWith(received);

        for (int queue = 0; queue < QUEUES; queue++) {
            assertThat(follower.maxOffset(TOPIC, queue)).isEqualTo(35);
            assertThat(follower.read(TOPIC, queue, 0, 64, MessageFilter.ALL).messages())
                    .isEqualTo(leader.read(TOPIC, queue, 0, 35, MessageFilter.ALL).messages());
        }
        assertThat(follower.queryByKey(TOPIC, IndexType.KEYS, "key-42", 8, 0, Long.MAX_VALUE).messages()).hasSize(1);
        assertThat(follower.queryByKey(TOPIC, IndexType.KEYS, "key-72", 8, 0, Long.MAX_VALUE).messages()).isEmpty();
        assertThat(follower.commitLogMaxOffset()).isLessThan(leader.commitLogMaxOffset());
        assertThat(Files.readString(dir.resolve("follower/config/topics.json"))).isEqualTo("{\"leader\":true}");
        assertThat(dir.resolve("follower/config/stale.json")).doesNotExist();
        assertThat(Files.readString(dir.resolve("follower/" + KEPT + "/raft"))).isEqualTo("the follower's own log");
        assertThat(follower.append(message(0, 999)).queueOffset()).isEqualTo(35);
    }

    @Test
    void releasesTheFrozenView_whenItIsClosed() throws Exception {
        MessageStore leader = open(dir.resolve("leader"));
        append(leader, 0, 4);
        DurableFiles frozen = filesOf(leader, dir.resolve("leader")).freeze();
        Path view = frozen.root();
        assertThat(frozen.files()).isNotEmpty().allSatisfy(file -> assertThat(view.resolve(file.path())).exists());

        frozen.close();

        assertThat(view).doesNotExist();
    }

    private MessageStore open(Path root) {
        MessageStore store = openStore(root, clock);
        opened.add(store);
        return store;
    }

    private static void write(Path file, String content) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private static void append(MessageStore store, int from, int count) {
        for (int i = from; i < from + count; i++) {
            assertThat(store.append(message(i % QUEUES, i)).isOk()).isTrue();
        }
    }

    private static Message message(int queueId, int index) {
        return Message.builder(TOPIC, queueId, ("body-" + index).getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, "key-" + index)))
                .build();
    }
}
