package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static io.hexmq.adapters.file.state.LogFileTopicConfigStore.Compaction.IN_SAVES;
import static io.hexmq.adapters.file.state.LogFileTopicConfigStore.Compaction.ON_TIMER;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigStorageException;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFileTopicConfigStoreTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final Path LOG_0 = Path.of("config/topics-00000000000000000000.log");
    private static final Path LOG_1 = Path.of("config/topics-00000000000000000001.log");

    @TempDir
    Path dir;

    private LogFileTopicConfigStore reopened() {
        return new LogFileTopicConfigStore(dir.resolve("config/topics.json"), ON_TIMER);
    }

    /** The store's first load of a directory, as a broker's start makes it. */
    private LogFileTopicConfigStore loaded() {
        LogFileTopicConfigStore store = reopened();
        store.load();
        return store;
    }

    private static TopicConfig topic(String name, int queues) {
        return TopicConfig.of(new TopicName(name), queues, queues, Permission.READ_WRITE);
    }

    private static TopicConfigTable withTopics(int count) {
        List<TopicConfig> configs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            configs.add(topic("Topic-" + i, 8));
        }
        return TopicConfigTable.empty(T0).withAll(configs, T0 + 1);
    }

    /**
     * Saves a table of {@code topics} (a first save: topics.json) and then that table with {@code created} (a
     * record of the log).
     *
     * @return the table saved last
     */
    private static TopicConfigTable savedInJsonThenInTheLog(LogFileTopicConfigStore store, int topics,
            String created) {
        TopicConfigTable table = withTopics(topics);
        store.save(table);
        table = table.with(topic(created, 2), T0 + 2);
        store.save(table);
        return table;
    }

    private Path file(Path relative) {
        return dir.resolve(relative);
    }

    @Test
    void loadsNothing_whenNothingWasEverSaved() {
        assertThat(reopened().load()).isEmpty();
    }

    @Test
    void aBrokersFirstSave_writesTopicsJsonWhole_soARocketMqBrokerCouldReadIt() {
        TopicConfigTable table = withTopics(3);
        loaded().save(table);

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table);
    }

    @Test
    void replaysToTheLastSavedTable_acrossManyCreationsChangesAndDeletions() {
        Random random = new Random(14);
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable table = TopicConfigTable.empty(T0);
        for (int i = 0; i < 600; i++) {
            String name = "T" + random.nextInt(80);
            long now = T0 + i;
            table = switch (random.nextInt(4)) {
                case 0 -> table.without(new TopicName(name), now);
                case 1 -> table.withAll(List.of(topic(name, 1 + random.nextInt(16)), topic(name + "x", 2)), now);
                case 2 -> table.nextVersion(now);
                default -> table.with(new TopicConfig(new TopicName(name), 4, 2, Permission.READ_WRITE,
                        TopicFilterType.MULTI_TAG, random.nextInt(3), random.nextBoolean(),
                        Map.of("+message.type", "FIFO")), now);
            };
            store.save(table);
            if (i % 50 == 0) {
                assertThat(reopened().load()).contains(table);
            }
        }

        assertThat(reopened().load()).contains(table);
    }

    @Test
    void aSavesBytes_growWithTheChange_notWithTheTable() throws IOException {
        long smallTableGrowth = growthOfOneCreation(10, "small");
        long largeTableGrowth = growthOfOneCreation(5_000, "large");

        assertThat(largeTableGrowth).isEqualTo(smallTableGrowth).isLessThan(400);
    }

    /** The bytes that saving one created topic adds to the store's files, on a table of {@code topics}. */
    private long growthOfOneCreation(int topics, String under) throws IOException {
        Path json = dir.resolve(under).resolve("topics.json");
        LogFileTopicConfigStore store = new LogFileTopicConfigStore(json, ON_TIMER);
        store.load();
        TopicConfigTable table = withTopics(topics);
        store.save(table);
        long before = bytesUnder(json.getParent());
        String jsonBefore = Files.readString(json);

        store.save(table.with(topic("Created", 8), T0 + 2));

        assertThat(Files.readString(json)).as("topics.json is not rewritten").isEqualTo(jsonBefore);
        return bytesUnder(json.getParent()) - before;
    }

    private static long bytesUnder(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.mapToLong(file -> file.toFile().length()).sum();
        }
    }

    @Test
    void aTornLastRecord_isCutAtStart_andLaterSavesFollowWholeRecords() throws Exception {
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable first = withTopics(2);
        TopicConfigTable second = first.with(topic("Second", 4), T0 + 2);
        store.save(first);
        store.save(second);
        try (RandomAccessFile log = new RandomAccessFile(file(LOG_0).toFile(), "rw")) {
            log.setLength(log.length() - 5);
        }

        LogFileTopicConfigStore restarted = reopened();
        assertThat(restarted.load()).contains(first);
        TopicConfigTable third = first.with(topic("Third", 2), T0 + 3);
        restarted.save(third);

        assertThat(reopened().load()).contains(third);
    }

    @Test
    void aRecordWhosePayloadWasDamaged_isNotTakenAsData() throws Exception {
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable first = withTopics(2);
        store.save(first);
        store.save(first.with(topic("Second", 4), T0 + 2));
        long secondRecord = Files.size(file(LOG_0));
        store.save(first.with(topic("Second", 4), T0 + 2).with(topic("Third", 4), T0 + 3));
        try (RandomAccessFile log = new RandomAccessFile(file(LOG_0).toFile(), "rw")) {
            log.seek(secondRecord + FramedRecordLayout.RECORD_HEADER_BYTES + 20);
            log.write('#');
        }

        assertThat(reopened().load()).contains(first.with(topic("Second", 4), T0 + 2));
    }

    @Test
    void aCompactionDue_writesTheWholeTableAsTopicsJson_andStartsTheLogAfresh() {
        LogFileTopicConfigStore store = new LogFileTopicConfigStore(dir.resolve("config/topics.json"), ON_TIMER, 1);
        store.load();
        TopicConfigTable table = withTopics(3);
        store.save(table);
        // a log longer than topics.json: one topic changed again and again
        for (int queues = 1; queues <= 12; queues++) {
            table = table.with(topic("Later", queues), T0 + 1 + queues);
            store.save(table);
        }

        store.compactIfDue();

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table);
        assertThat(file(LOG_0)).doesNotExist();
        assertThat(file(LOG_1)).hasSize(FramedRecordLayout.HEADER_BYTES);
        TopicConfigTable afterCompaction = table.without(new TopicName("Topic-0"), T0 + 20);
        store.save(afterCompaction);
        assertThat(reopened().load()).contains(afterCompaction);
    }

    @Test
    void aReplicasSave_thatBringsTheLogPastItsBound_compactsBeforeItReturns() {
        LogFileTopicConfigStore store = new LogFileTopicConfigStore(dir.resolve("config/topics.json"), IN_SAVES, 1);
        store.load();
        TopicConfigTable table = withTopics(1);
        store.save(table);
        int queues = 0;
        while (Files.exists(file(LOG_0))) {
            table = table.with(topic("Later", ++queues), T0 + 1 + queues);
            store.save(table);
        }

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table);
        assertThat(file(LOG_1)).hasSize(FramedRecordLayout.HEADER_BYTES);
        assertThat(queues).as("saves until the log outgrew topics.json").isBetween(2, 10);
    }

    @Test
    void noCompactionIsDue_whileTheLogIsSmallerThanTopicsJson() {
        LogFileTopicConfigStore store = new LogFileTopicConfigStore(dir.resolve("config/topics.json"), ON_TIMER, 1);
        store.load();
        TopicConfigTable table = withTopics(100);
        store.save(table);
        store.save(table.with(topic("Later", 2), T0 + 2));

        store.compactIfDue();

        assertThat(file(LOG_0)).exists();
        assertThat(file(LOG_1)).doesNotExist();
    }

    @Test
    void aCompactionThatCouldNotWriteTopicsJson_losesNothing_andTheNextOneFinishesItInTheSameLog()
            throws IOException {
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable table = savedInJsonThenInTheLog(store, 2, "Later");
        Path temporary = Files.createDirectories(dir.resolve("config/topics.json.tmp"));

        assertThatThrownBy(store::compactNow).isInstanceOf(TopicConfigStorageException.class);
        assertThat(reopened().load()).contains(table);
        Files.delete(temporary);
        store.compactNow();

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table);
        assertThat(file(LOG_0)).doesNotExist();
        assertThat(file(LOG_1)).hasSize(FramedRecordLayout.HEADER_BYTES);
        assertThat(dir.resolve("config/topics-00000000000000000002.log")).doesNotExist();
    }

    @Test
    void aCleanStop_leavesTheWholeTableInTopicsJson() {
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable table = withTopics(3);
        store.save(table);
        table = table.with(topic("Later", 2), T0 + 2).without(new TopicName("Topic-1"), T0 + 3);
        store.save(table);

        store.compactNow();

        assertThat(new JsonTopicConfigStore(dir.resolve("config/topics.json")).load()).contains(table);
        assertThat(reopened().load()).contains(table);
    }

    /**
     * A compaction's steps: start the next log, replace topics.json, delete the older logs. Each state a crash
     * can leave between them is made here from the files before and after, and each loads the last saved table.
     */
    @Test
    void aCrashBetweenCompactionSteps_losesNoSavedChange() throws IOException {
        LogFileTopicConfigStore store = loaded();
        TopicConfigTable table = savedInJsonThenInTheLog(store, 3, "BeforeCompaction");
        Path before = Files.createDirectories(dir.resolve("before"));
        Files.copy(file(Path.of("config/topics.json")), before.resolve("topics.json"));
        Files.copy(file(LOG_0), before.resolve(LOG_0.getFileName()));
        store.compactNow();
        TopicConfigTable last = table.with(topic("AfterCompaction", 2), T0 + 3).without(new TopicName("Topic-2"),
                T0 + 4);
        store.save(last);
        Path after = Files.createDirectories(dir.resolve("after"));
        Files.copy(file(Path.of("config/topics.json")), after.resolve("topics.json"));
        Files.copy(file(LOG_1), after.resolve(LOG_1.getFileName()));

        // the next log started, topics.json not replaced yet (its temporary file half written)
        restore(before.resolve("topics.json"), before.resolve(LOG_0.getFileName()), after.resolve(LOG_1.getFileName()));
        Files.writeString(dir.resolve("config/topics.json.tmp"), "{\"topicConfigTable\":{\"Half", StandardCharsets.UTF_8);
        assertThat(reopened().load()).contains(last);

        // topics.json replaced, the older log not deleted yet
        restore(after.resolve("topics.json"), before.resolve(LOG_0.getFileName()), after.resolve(LOG_1.getFileName()));
        assertThat(reopened().load()).contains(last);
        assertThat(file(LOG_0)).as("deleted at start: topics.json holds it").doesNotExist();

        // the next log created and not forced to its header, topics.json not replaced
        restore(before.resolve("topics.json"), before.resolve(LOG_0.getFileName()));
        Files.write(file(LOG_1), new byte[] {0x54, 0x4F});
        LogFileTopicConfigStore restarted = reopened();
        assertThat(restarted.load()).contains(table);
        restarted.save(last);
        assertThat(reopened().load()).contains(last);
    }

    private void restore(Path topicsJson, Path... logs) throws IOException {
        Path config = dir.resolve("config");
        try (Stream<Path> files = Files.list(config)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.copy(topicsJson, config.resolve("topics.json"));
        for (Path log : logs) {
            Files.copy(log, config.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void aRocketMqBrokersTopicsJson_loadsAlone_andTakesChangesAfterIt() throws Exception {
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/topics.json"), """
                {"dataVersion":{"counter":3,"timestamp":1700000000000},
                 "topicConfigTable":{"TopicTest":{"order":false,"perm":6,"readQueueNums":4,
                   "topicFilterType":"SINGLE_TAG","topicName":"TopicTest","topicSysFlag":0,"writeQueueNums":4},
                   "TBW102":{"perm":7,"readQueueNums":8,"topicName":"TBW102","writeQueueNums":8}}}
                """, StandardCharsets.UTF_8);

        LogFileTopicConfigStore store = reopened();
        TopicConfigTable loaded = store.load().orElseThrow();
        assertThat(loaded.dataVersion()).isEqualTo(new DataVersion(T0, 3, 0));
        assertThat(loaded.find(new TopicName("TopicTest"))).contains(topic("TopicTest", 4));
        assertThat(loaded.find(SystemTopics.AUTO_CREATE_TOPIC)).contains(
                TopicConfig.of(SystemTopics.AUTO_CREATE_TOPIC, 8, 8, Permission.INHERIT_READ_WRITE));
        TopicConfigTable changed = loaded.with(topic("Created", 4), T0 + 5);
        store.save(changed);

        assertThat(reopened().load()).contains(changed);
    }

    @Test
    void aWholeRecordThatNoSaveWrote_isReportedClearly() throws Exception {
        LogFileTopicConfigStore store = loaded();
        store.save(withTopics(1));
        store.save(withTopics(1).with(topic("Second", 2), T0 + 2));
        byte[] log = Files.readAllBytes(file(LOG_0));
        // within the payload's JSON, a topic name the model refuses, with its CRC made to match
        String payload = new String(log, FramedRecordLayout.HEADER_BYTES + FramedRecordLayout.RECORD_HEADER_BYTES,
                log.length - FramedRecordLayout.HEADER_BYTES - FramedRecordLayout.RECORD_HEADER_BYTES,
                StandardCharsets.UTF_8).replace("\"Second\"", "\"Sec@nd\"");
        ByteBuffer record = ByteBuffer.allocate(log.length);
        record.put(log, 0, FramedRecordLayout.HEADER_BYTES);
        int start = record.position();
        record.position(start + FramedRecordLayout.RECORD_HEADER_BYTES).put(payload.getBytes(StandardCharsets.UTF_8));
        FramedRecordLayout.seal(record, start);
        Files.write(file(LOG_0), record.array());

        assertThatThrownBy(() -> reopened().load()).isInstanceOf(TopicConfigStorageException.class)
                .hasMessageContaining("topics.json");
    }
}
