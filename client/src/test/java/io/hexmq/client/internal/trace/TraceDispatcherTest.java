package io.hexmq.client.internal.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.Message;
import io.hexmq.remoting.trace.TraceFormat;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TraceDispatcherTest {

    private final List<Message> sent = new CopyOnWriteArrayList<>();
    private boolean senderClosed;

    private static TraceRecord record(String msgId, String key) {
        return new TraceRecord("R-" + msgId + "\u0002", List.of(msgId, key));
    }

    private static String body(Message message) {
        return new String(message.body(), StandardCharsets.UTF_8);
    }

    @Test
    void queuedRecords_areWrittenToTheTraceTopic_keyedByTheTracedMessagesIdsAndKeys_whenClosedAtTheLatest() {
        TraceDispatcher dispatcher = new TraceDispatcher("pg", "MY_TRACE", 16, message -> {
            sent.add(message);
            return CompletableFuture.completedFuture(null);
        }, () -> senderClosed = true);

        dispatcher.append(record("ID1", "k1"));
        dispatcher.append(record("ID2", "k2"));
        dispatcher.close();

        assertThat(sent).allSatisfy(message -> assertThat(message.topic()).isEqualTo("MY_TRACE"));
        assertThat(String.join("", sent.stream().map(TraceDispatcherTest::body).toList()))
                .isEqualTo("R-ID1\u0002R-ID2\u0002");
        assertThat(sent.stream().flatMap(message -> message.keys().stream()).toList())
                .containsExactlyInAnyOrder("ID1", "k1", "ID2", "k2");
        assertThat(senderClosed).isTrue();
    }

    @Test
    void aFullBuffer_dropsRecords_insteadOfBlockingTheTracedClient() throws InterruptedException {
        CountDownLatch sending = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TraceDispatcher dispatcher = new TraceDispatcher("pg", "MY_TRACE", 2, message -> {
            sent.add(message);
            sending.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return CompletableFuture.completedFuture(null);
        }, () -> { });
        dispatcher.append(record("ID1", "k"));
        assertThat(sending.await(10, TimeUnit.SECONDS)).isTrue();

        dispatcher.append(record("ID2", "k"));
        dispatcher.append(record("ID3", "k"));
        dispatcher.append(record("ID4", "k"));

        assertThat(dispatcher.dropped()).isEqualTo(1);
        release.countDown();
        dispatcher.close();
        assertThat(String.join("", sent.stream().map(TraceDispatcherTest::body).toList()))
                .isEqualTo("R-ID1\u0002R-ID2\u0002R-ID3\u0002");
    }

    @Test
    void recordsBeyondOneTraceMessagesSize_goInTheNextMessage() {
        TraceDispatcher dispatcher = new TraceDispatcher("pg", "MY_TRACE", 16, message -> {
            sent.add(message);
            return CompletableFuture.completedFuture(null);
        }, () -> { });
        String large = "x".repeat(TraceFormat.MAX_MESSAGE_CHARS / 2 + 1);

        dispatcher.append(new TraceRecord(large, List.of("ID1")));
        dispatcher.append(new TraceRecord(large, List.of("ID2")));
        dispatcher.close();

        assertThat(sent).hasSize(2);
        assertThat(sent).allSatisfy(message -> assertThat(message.body().length)
                .isLessThanOrEqualTo(TraceFormat.MAX_MESSAGE_CHARS));
    }
}
