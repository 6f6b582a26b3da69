package io.hexmq.benchmarks.jmh;

import io.hexmq.adapters.file.state.JsonTransactionCheckProgressStore;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.ParkUntilDue;
import io.hexmq.application.transaction.CheckPendingTransactions;
import io.hexmq.application.transaction.EndTransaction;
import io.hexmq.application.transaction.HalfMessages;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.transaction.TransactionCheck;
import io.hexmq.domain.transaction.port.TransactionChecker;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The transaction check-back ({@link CheckPendingTransactions}) walking a backlog of {@value #HALVES}
 * 1 KiB half messages in {@code RMQ_SYS_TRANS_HALF_TOPIC} queue 0 of a file store
 * ({@link BenchmarkStores#openSchedulerStore}), parked by {@link HalfMessages#park} as a transactional
 * send parks them. {@code check()} is called until the walk has passed every one of them (at most 1,024 per
 * call, progress saved to {@link JsonTransactionCheckProgressStore} after each call). Single shot, fresh
 * store and backlog per iteration; score in µs per half message.
 *
 * <ul>
 *   <li>{@link #scanResolved}: every transaction was ended by {@link EndTransaction} (COMMIT and ROLLBACK in
 *       turn), so an op record in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC} marks each: the walk reads and
 *       decodes the op records and passes every half message without decoding it.</li>
 *   <li>{@link #checkUnknown}: no transaction was ended and all are past {@code transactionTimeOut}: for
 *       each the walk decodes the half message, puts back a copy with {@code TRANSACTION_CHECK_TIMES} 1,
 *       writes an op record for the original, builds the CHECK_TRANSACTION_STATE (the half message
 *       re-encoded for its real topic) and hands it to the {@link TransactionChecker} port. Here that port
 *       is {@link CountingTransactionChecker}, which takes the check in-process where the broker's
 *       adapter would write it to a producer's connection, so the network is not in the figure.</li>
 * </ul>
 *
 * <p>{@value #HALVES} is a multiple of the 1,024 half messages a call handles, so no call walks on over
 * the copies the checks put back (they are not due again for {@code transactionCheckInterval}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OperationsPerInvocation(TransactionCheckBackBenchmark.HALVES)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class TransactionCheckBackBenchmark extends StoreBenchmark {

    static final int HALVES = 10 * 1024;
    static final int BODY_BYTES = 1024;
    static final int REAL_QUEUES = 4;
    static final String PRODUCER_GROUP = "BenchmarkTransactionGroup";
    static final BrokerSettings BROKER = BrokerSettings.defaults(new ClusterName("DefaultCluster"),
        new BrokerName("broker-a"), new BrokerAddress("127.0.0.1:10911"), new BrokerAddress("127.0.0.1:10912"));
    static final TransactionSettings SETTINGS = TransactionSettings.defaults();

    /**
     * The producer side of CHECK_TRANSACTION_STATE, in-process: takes every check as a live producer's
     * connection would (it says so by returning true) and counts the checks and their bytes.
     */
    static final class CountingTransactionChecker implements TransactionChecker {
        long checks;
        long bodyBytes;

        @Override
        public boolean check(GroupName producerGroup, TransactionCheck check) {
            checks++;
            bodyBytes += check.body().length;
            return true;
        }
    }

    /** The one place the check-back is built: its constructor is what a broker calls. */
    static CheckPendingTransactions checkBack(MessageStore store, Path directory, TransactionChecker checker,
            Clock clock) {
        return new CheckPendingTransactions(store,
            new JsonTransactionCheckProgressStore(directory.resolve("config").resolve("transactionCheck.json")),
            checker, clock, BROKER, SETTINGS);
    }

    /** {@value #HALVES} half messages in a fresh store, and where each was stored. */
    static final class HalfBacklog {
        final Path directory = BenchmarkStores.temporaryDirectory();
        final MessageStore store = BenchmarkStores.openSchedulerStore(directory);
        final long[] queueOffsets = new long[HALVES];
        final long[] commitLogOffsets = new long[HALVES];
        final String[] transactionIds = new String[HALVES];

        HalfBacklog() {
            for (int i = 0; i < HALVES; i++) {
                transactionIds[i] = String.format("7F00000100002A9F0000%012X", i);
                AppendResult parked = store.append(HalfMessages.park(transactional(i, transactionIds[i])));
                if (!parked.status().isStored()) {
                    throw new IllegalStateException("could not park half message " + i + ": " + parked.status());
                }
                queueOffsets[i] = parked.queueOffset();
                commitLogOffsets[i] = parked.commitLogOffset();
            }
        }

        /** What a transactional producer sends: its group, the prepared flag, its message id. */
        private static Message transactional(int sequence, String transactionId) {
            Message message = BenchmarkStores.message(sequence % REAL_QUEUES, BODY_BYTES);
            Map<String, String> properties = new LinkedHashMap<>(MessageProperties.decode(message.properties()));
            properties.put("TRAN_MSG", "true");
            properties.put("PGROUP", PRODUCER_GROUP);
            properties.put(MessageProperties.UNIQ_KEY, transactionId);
            return Message.builder(message.topic(), message.queueId(), message.body())
                .properties(MessageProperties.encode(properties)).bornHost(message.bornHost())
                .bornTimestamp(message.bornTimestamp()).build();
        }

        /**
         * The check-back's clock once every half message is past {@code transactionTimeOut} (the store
         * stamped them with the system clock), while a copy put back now is not due again before
         * {@code transactionCheckInterval}.
         */
        Clock allTimedOut() {
            return new SettableClock(System.currentTimeMillis() + SETTINGS.transactionTimeOut().toMillis() + 1_000);
        }

        void close() {
            store.shutdown();
            BenchmarkStores.delete(directory);
        }
    }

    /** Every transaction of the backlog ended, half COMMIT and half ROLLBACK. */
    @State(Scope.Benchmark)
    public static class Resolved {
        HalfBacklog backlog;
        CheckPendingTransactions checkBack;

        @Setup(Level.Iteration)
        public void park() {
            backlog = new HalfBacklog();
            EndTransaction end = new EndTransaction(backlog.store, BenchmarkStores.SYSTEM_CLOCK, BROKER,
                new ParkUntilDue(MessageSettings.defaults()), new MessageOutcomes(), TransactionLatencies.NONE);
            for (int i = 0; i < HALVES; i++) {
                EndTransaction.Decision decision = i % 2 == 0
                    ? EndTransaction.Decision.COMMIT : EndTransaction.Decision.ROLLBACK;
                EndTransaction.Result ended = end.end(new EndTransaction.Command(PRODUCER_GROUP,
                    backlog.queueOffsets[i], backlog.commitLogOffsets[i], decision, false, backlog.transactionIds[i]))
                    .toCompletableFuture().join();
                if (ended.status() != EndTransaction.Status.COMMITTED && ended.status() != EndTransaction.Status.ROLLED_BACK) {
                    throw new IllegalStateException("could not end transaction " + i + ": " + ended);
                }
            }
            checkBack = checkBack(backlog.store, backlog.directory, new CountingTransactionChecker(),
                backlog.allTimedOut());
        }

        @TearDown(Level.Iteration)
        public void close() {
            backlog.close();
        }
    }

    /** No transaction of the backlog ended, all due for their first check. */
    @State(Scope.Benchmark)
    public static class Unknown {
        HalfBacklog backlog;
        CountingTransactionChecker producer;
        CheckPendingTransactions checkBack;

        @Setup(Level.Iteration)
        public void park() {
            backlog = new HalfBacklog();
            producer = new CountingTransactionChecker();
            checkBack = checkBack(backlog.store, backlog.directory, producer, backlog.allTimedOut());
        }

        @TearDown(Level.Iteration)
        public void close() {
            backlog.close();
        }
    }

    /** Passes the resolved backlog; fails unless the walk found every half message resolved and checked none. */
    @Benchmark
    public int scanResolved(Resolved state) {
        int resolved = 0;
        while (resolved < HALVES) {
            CheckPendingTransactions.Result result = state.checkBack.check();
            if (result.resolved() == 0 || result.checked() != 0 || result.discarded() != 0) {
                throw new IllegalStateException("after " + resolved + " resolved: " + result);
            }
            resolved += result.resolved();
        }
        return resolved;
    }

    /** Checks the unknown backlog; fails unless every half message was checked once, through the port. */
    @Benchmark
    public long checkUnknown(Unknown state) {
        int checked = 0;
        while (checked < HALVES) {
            CheckPendingTransactions.Result result = state.checkBack.check();
            if (result.checked() == 0 || result.resolved() != 0 || result.discarded() != 0) {
                throw new IllegalStateException("after " + checked + " checked: " + result);
            }
            checked += result.checked();
        }
        if (checked != HALVES || state.producer.checks != HALVES) {
            throw new IllegalStateException(checked + " checked, " + state.producer.checks + " handed to the producer");
        }
        return state.producer.bodyBytes;
    }
}
