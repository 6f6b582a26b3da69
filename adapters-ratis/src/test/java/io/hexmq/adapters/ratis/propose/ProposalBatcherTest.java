package io.hexmq.adapters.ratis.propose;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicationFailedException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class ProposalBatcherTest {

    /** Runs the writer's tasks only when the test says so, so that batches fill deterministically. */
    private final ConcurrentLinkedQueue<Runnable> writerTasks = new ConcurrentLinkedQueue<>();
    private final Executor writer = writerTasks::add;
    private final List<List<byte[]>> submitted = new ArrayList<>();
    private final List<CompletableFuture<ByteBuffer>> inFlight = new ArrayList<>();

    private ProposalBatcher batcher(int maxInFlight, int maxBatchBytes, long maxQueuedBytes) {
        return new ProposalBatcher(writer, batch -> {
            List<byte[]> parts = new ArrayList<>();
            BatchLayout.Parts walk = new BatchLayout.Parts(ByteBuffer.wrap(batch));
            while (walk.hasNext()) {
                parts.add(walk.nextBytes());
            }
            submitted.add(parts);
            CompletableFuture<ByteBuffer> answers = new CompletableFuture<>();
            inFlight.add(answers);
            return answers;
        }, maxInFlight, maxBatchBytes, maxQueuedBytes);
    }

    @Test
    void coalescesWhatAccumulatedWhileAnEntryWasInFlight_andAnswersEachProposalWithItsOwnAnswer() throws Exception {
        ProposalBatcher batcher = batcher(1, 1 << 20, 1 << 20);
        CompletableFuture<byte[]> first = batcher.propose(new byte[] {1});
        runWriter();
        CompletableFuture<byte[]> second = batcher.propose(new byte[] {2});
        CompletableFuture<byte[]> third = batcher.propose(new byte[] {3});
        runWriter();

        assertThat(submitted).hasSize(1);
        answer(0, new byte[] {10});
        runWriter();

        assertThat(first.get()).containsExactly(10);
        assertThat(submitted).hasSize(2);
        assertThat(submitted.get(1)).containsExactly(new byte[] {2}, new byte[] {3});
        answer(1, new byte[] {20}, new byte[] {30});
        runWriter();
        assertThat(second.get()).containsExactly(20);
        assertThat(third.get()).containsExactly(30);
    }

    @Test
    void answersAnEntrysProposals_onTheThreadThatCompletesTheEntry_andWakesTheWriterOnlyWhenProposalsWait() {
        ProposalBatcher batcher = batcher(1, 1 << 20, 1 << 20);
        CompletableFuture<byte[]> first = batcher.propose(new byte[] {1});
        runWriter();

        answer(0, new byte[] {10});

        assertThat(first).isDone();
        assertThat(first.join()).containsExactly(10);
        assertThat(writerTasks).isEmpty();
        CompletableFuture<byte[]> second = batcher.propose(new byte[] {2});
        assertThat(writerTasks).hasSize(1);
        runWriter();
        assertThat(submitted).hasSize(2);
        assertThat(second).isNotDone();
    }

    @Test
    void pipelinesUpToTheLimitOfEntriesInFlight() {
        ProposalBatcher batcher = batcher(2, 1, 1 << 20);
        batcher.propose(new byte[] {1});
        batcher.propose(new byte[] {2});
        batcher.propose(new byte[] {3});
        runWriter();

        assertThat(submitted).hasSize(2);
        answer(0, new byte[0]);
        runWriter();
        assertThat(submitted).hasSize(3);
    }

    @Test
    void closesABatchAtItsByteLimit_butLetsALargerProposalTravelAlone() {
        ProposalBatcher batcher = batcher(4, 4, 1 << 20);
        batcher.propose(new byte[3]);
        batcher.propose(new byte[3]);
        batcher.propose(new byte[9]);
        runWriter();

        assertThat(submitted).extracting(List::size).containsExactly(1, 1, 1);
    }

    @Test
    void failsEveryProposalOfABatch_withTheFailureOfItsEntry() {
        ProposalBatcher batcher = batcher(1, 1 << 20, 1 << 20);
        CompletableFuture<byte[]> only = batcher.propose(new byte[] {1});
        runWriter();
        CompletableFuture<byte[]> a = batcher.propose(new byte[] {2});
        CompletableFuture<byte[]> b = batcher.propose(new byte[] {3});
        NotLeaderException lost = new NotLeaderException("lost leadership", Optional.empty());
        inFlight.get(0).completeExceptionally(lost);
        runWriter();
        inFlight.get(1).completeExceptionally(lost);
        runWriter();

        for (CompletableFuture<byte[]> proposal : List.of(only, a, b)) {
            assertThat(proposal).isCompletedExceptionally();
            assertThat(proposal.handle((value, failure) -> failure).join()).isSameAs(lost);
        }
    }

    @Test
    void refusesProposals_whenTooManyBytesWait() {
        ProposalBatcher batcher = batcher(1, 1 << 20, 8);
        batcher.propose(new byte[8]);

        CompletableFuture<byte[]> refused = batcher.propose(new byte[1]);

        assertThat(refused.handle((value, failure) -> failure).join())
                .isInstanceOf(ReplicationFailedException.class).hasMessageContaining("overloaded");
    }

    @Test
    void failsQueuedProposals_andRefusesNewOnes_onceClosed() {
        ProposalBatcher batcher = batcher(1, 1 << 20, 1 << 20);
        CompletableFuture<byte[]> queued = batcher.propose(new byte[] {1});

        batcher.close();
        runWriter();

        assertThat(queued.handle((value, failure) -> failure).join()).isInstanceOf(ReplicationFailedException.class);
        assertThat(batcher.propose(new byte[] {2})).isCompletedExceptionally();
        assertThat(submitted).isEmpty();
    }

    private void answer(int entry, byte[]... answers) {
        long bytes = 0;
        for (byte[] answer : answers) {
            bytes += answer.length;
        }
        inFlight.get(entry).complete(ByteBuffer.wrap(BatchLayout.encode(List.of(answers), bytes)));
    }

    private void runWriter() {
        for (Runnable task; (task = writerTasks.poll()) != null; ) {
            task.run();
        }
    }
}
