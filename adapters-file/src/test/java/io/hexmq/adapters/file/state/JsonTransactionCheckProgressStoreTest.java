package io.hexmq.adapters.file.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonTransactionCheckProgressStoreTest {

    @TempDir
    Path dir;

    @Test
    void loadsNoProgress_whenNothingWasEverSaved() {
        assertThat(new JsonTransactionCheckProgressStore(dir.resolve("transactionCheck.json")).load())
                .isEqualTo(TransactionCheckProgress.NONE);
    }

    @Test
    void returnsWhatWasSaved_afterReopening() throws Exception {
        new JsonTransactionCheckProgressStore(dir.resolve("config/transactionCheck.json"))
                .save(new TransactionCheckProgress(12, 7));

        assertThat(new JsonTransactionCheckProgressStore(dir.resolve("config/transactionCheck.json")).load())
                .isEqualTo(new TransactionCheckProgress(12, 7));
        assertThat(Files.readString(dir.resolve("config/transactionCheck.json")).replaceAll("\\s", ""))
                .isEqualTo("{\"halfOffset\":12,\"opOffset\":7}");
    }

    @Test
    void reportsACorruptFileClearly() throws Exception {
        for (String corrupt : new String[] {"{\"halfOffset\":1}", "{\"halfOffset\":-1,\"opOffset\":0}", "[", ""}) {
            Files.writeString(dir.resolve("transactionCheck.json"), corrupt);

            assertThatThrownBy(() -> new JsonTransactionCheckProgressStore(dir.resolve("transactionCheck.json")).load())
                    .as(corrupt).isInstanceOf(StorageException.class).hasMessageContaining("transactionCheck.json");
        }
    }
}
