package io.hexmq.application.transaction;

import static io.hexmq.application.fakes.Stages.joined;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryTransactionCheckProgressStore;
import io.hexmq.application.fakes.RecordingTransactionChecker;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.ParkUntilDue;
import io.hexmq.application.message.PullMessages;
import io.hexmq.application.message.SendMessage;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.StoredMessage;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * The transaction use cases wired by hand over a {@link MessageBroker}, as bootstrap wires them, with a
 * check-back that can be "restarted" over the same store and progress.
 */
final class TransactionBroker {

    static final String TOPIC = MessageBroker.TOPIC;
    static final String GROUP = "PG_tx";

    final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 4);
    final InMemoryTransactionCheckProgressStore progress = new InMemoryTransactionCheckProgressStore();
    final RecordingTransactionChecker checker = new RecordingTransactionChecker();
    final TransactionSettings settings;
    final EndTransaction endTransaction;
    CheckPendingTransactions checkPending;

    TransactionBroker() {
        this(TransactionSettings.defaults());
    }

    TransactionBroker(TransactionSettings settings) {
        this.settings = settings;
        endTransaction = new EndTransaction(mb.store, mb.broker.clock, mb.broker.settings,
                new ParkUntilDue(mb.settings), mb.broker.outcomes, mb.broker.distributions);
        restartCheckBack();
    }

    /** A new check-back over the same store and saved progress, as after a broker restart. */
    void restartCheckBack() {
        checkPending = new CheckPendingTransactions(mb.store, progress, checker, mb.broker.clock, mb.broker.settings,
                settings);
    }

    /** What TransactionMQProducer sends: the prepared flag, TRAN_MSG and PGROUP; extra name/value pairs follow. */
    SendMessage.Result sendHalf(int queueId, String body, String... extraProperties) {
        String[] pairs = new String[6 + extraProperties.length];
        System.arraycopy(new String[] {"TRAN_MSG", "true", "PGROUP", GROUP, "UNIQ_KEY", "U-" + body}, 0, pairs, 0, 6);
        System.arraycopy(extraProperties, 0, pairs, 6, extraProperties.length);
        SendMessage.Result result = joined(mb.sendMessage.send(new SendMessage.Command(GROUP, TOPIC, "TBW102", 4,
                queueId, MessageSysFlag.TRANSACTION_PREPARED_TYPE, mb.broker.clock.millis(), 0,
                MessageBroker.properties(pairs), 0, false, OptionalInt.empty(), MessageBroker.PRODUCER, body.getBytes(),
                false, List.of())));
        assertThat(result.status()).isEqualTo(SendMessage.Status.PUT_OK);
        return result;
    }

    /** END_TRANSACTION as the producer sends it after its local transaction. */
    EndTransaction.Result end(SendMessage.Result sent, EndTransaction.Decision decision) {
        return joined(endTransaction.end(new EndTransaction.Command(GROUP, sent.queueOffset(),
                OffsetMessageId.decode(sent.msgId()).commitLogOffset(), decision, false, sent.transactionId())));
    }

    /** The bodies a consumer pulls from {@code queueId} of the real topic. */
    List<String> pulled(int queueId) {
        CompletableFuture<PullMessages.Result> pull = mb.pullMessages.pull(MessageBroker.pull("CG", TOPIC, queueId, 0,
                PullMessages.Command.FLAG_SUBSCRIPTION, "*"));
        assertThat(pull).isDone();
        return pull.join().messages().stream().map(record -> new String(StoredMessage.decode(record).body())).toList();
    }

    StoredMessage stored(long commitLogOffset) {
        return StoredMessage.decode(mb.store.lookup(commitLogOffset).orElseThrow());
    }

    void advanceMillis(long millis) {
        mb.broker.clock.advanceMillis(millis);
    }

    long now() {
        return mb.broker.clock.millis();
    }
}
