package io.hexmq.storage.install;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreInstallationTest {

    private static final Set<String> KEPT = Set.of("group-log");

    @TempDir
    Path store;

    @Test
    void replacesTheStoresFiles_keepingWhatIsNotTheStores() throws Exception {
        write("commitlog/0", "mine");
        write("config/old.json", "old");
        write("group-log/raft", "log");
        Path staged = store.resolve("group-log/staging");
        write("group-log/staging/commitlog/0", "leader's");

        StoreInstallation.replace(store, received(staged, new DurableFile("commitlog/0", 8)), KEPT);

        assertThat(Files.readString(store.resolve("commitlog/0"))).isEqualTo("leader's");
        assertThat(store.resolve("config")).doesNotExist();
        assertThat(Files.readString(store.resolve("group-log/raft"))).isEqualTo("log");
        assertThat(store.resolve(StoreInstallation.ASIDE)).doesNotExist();
    }

    @Test
    void putsTheStoresFilesBack_whenACrashInterruptedTheReplacementBeforeItCommitted() throws Exception {
        write(StoreInstallation.ASIDE + "/commitlog/0", "mine");
        write("commitlog/0", "half of the leader's");
        write("group-log/raft", "log");

        StoreInstallation.recover(store, KEPT);

        assertThat(Files.readString(store.resolve("commitlog/0"))).isEqualTo("mine");
        assertThat(Files.readString(store.resolve("group-log/raft"))).isEqualTo("log");
        assertThat(store.resolve(StoreInstallation.ASIDE)).doesNotExist();
    }

    @Test
    void keepsTheInstalledFiles_whenACrashCameAfterTheReplacementCommitted() throws Exception {
        write(StoreInstallation.DONE + "/commitlog/0", "mine");
        write("commitlog/0", "leader's");

        StoreInstallation.recover(store, KEPT);

        assertThat(Files.readString(store.resolve("commitlog/0"))).isEqualTo("leader's");
        assertThat(store.resolve(StoreInstallation.DONE)).doesNotExist();
    }

    @Test
    void freezesGrowingFilesAtTheirListedLength_andCopiesTheOthers() throws Exception {
        write("commitlog/0", "0123456789");
        write("config/topics.json", "{}");
        write("index/0", "rebuilt");
        StoreFreezer freezer = new StoreFreezer(store, store.resolve("group-log/frozen"), KEPT);

        try (DurableFiles frozen = freezer.freeze(Map.of("commitlog/0", 4L), Set.of("index"))) {
            write("config/topics.json", "{\"changed\":true}");

            assertThat(frozen.files()).containsExactly(new DurableFile("commitlog/0", 4),
                    new DurableFile("config/topics.json", 2));
            assertThat(Files.readString(frozen.root().resolve("config/topics.json"))).isEqualTo("{}");
        }
    }

    private void write(String path, String content) throws Exception {
        Path file = store.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private static DurableFiles received(Path root, DurableFile... files) {
        return new DurableFiles() {
            @Override
            public Path root() {
                return root;
            }

            @Override
            public List<DurableFile> files() {
                return List.of(files);
            }

            @Override
            public void close() {
            }
        };
    }
}
