package io.hexmq.adapters.ratis.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.server.storage.StorageImplUtils;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurablePointStorageTest {

    @TempDir
    Path dir;

    @Test
    void hasNoSnapshot_untilAPointIsRecorded_andReadsTheLatestBackAfterARestart() throws IOException {
        RaftStorage raftStorage = raftStorage();
        DurablePointStorage storage = new DurablePointStorage();
        storage.init(raftStorage);
        assertThat(storage.getLatestSnapshot()).isNull();

        storage.record(TermIndex.valueOf(2, 100));
        storage.record(TermIndex.valueOf(3, 250));

        DurablePointStorage restarted = new DurablePointStorage();
        restarted.init(raftStorage);
        assertThat(restarted.getLatestSnapshot().getTermIndex()).isEqualTo(TermIndex.valueOf(3, 250));
        assertThat(restarted.getLatestSnapshot().getFiles()).isEmpty();
    }

    @Test
    void refusesACorruptMarker_ratherThanReplayFromAWrongPoint() throws IOException {
        RaftStorage raftStorage = raftStorage();
        DurablePointStorage storage = new DurablePointStorage();
        storage.init(raftStorage);
        storage.record(TermIndex.valueOf(2, 100));
        Path marker = raftStorage.getStorageDir().getStateMachineDir().toPath().resolve(DurablePointStorage.FILE_NAME);
        byte[] bytes = Files.readAllBytes(marker);
        bytes[10] ^= 1;
        Files.write(marker, bytes);

        assertThatThrownBy(() -> new DurablePointStorage().init(raftStorage))
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt");
    }

    private RaftStorage raftStorage() throws IOException {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(properties, java.util.List.of(dir.toFile()));
        return StorageImplUtils.initRaftStorage("group", RaftStorage.StartupOption.RECOVER, properties);
    }
}
