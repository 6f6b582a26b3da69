package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.SubstituteLogger;

/**
 * A connection that closes with answers still to come, as a reset client's does: its answers fail when
 * their executors finish them, after the close, and the log says so twice, not once per answer.
 */
class FailedAnswersLogTest {

    private static final int HELD_CODE = 9_002;
    private static final int PENDING_ANSWERS = 330;

    private final Queue<SubstituteLoggingEvent> logged = new ConcurrentLinkedQueue<>();
    private final List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
    private final List<RemotingCommand> requests = new ArrayList<>();
    private final EmbeddedChannel channel = new EmbeddedChannel(new RemotingCommandEncoder(),
            new CommandInboundHandler(RequestDispatcher.builder()
                    .register(HELD_CODE, (request, context) -> {
                        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
                        requests.add(request);
                        answers.add(answer);
                        return answer;
                    }, Runnable::run)
                    .build(), new PendingResponses(), new SubstituteLogger("answers", logged, false)));

    private List<SubstituteLoggingEvent> loggedAt(Level level) {
        return logged.stream().filter(event -> event.getLevel() == level).toList();
    }

    @Test
    void answersThatFailAfterTheClose_logTheFirstFailureAndTheirCount_atWarn() {
        for (int i = 0; i < PENDING_ANSWERS; i++) {
            channel.writeInbound(RemotingCommand.request(HELD_CODE).build().withOpaque(i));
        }
        channel.close();

        for (int i = 0; i < PENDING_ANSWERS; i++) {
            answers.get(i).complete(RemotingCommand.responseTo(requests.get(i), ResponseCode.SUCCESS).build());
        }

        List<SubstituteLoggingEvent> warnings = loggedAt(Level.WARN);
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0).getMessage()).startsWith("Could not answer request code");
        assertThat(warnings.get(0).getArgumentArray()).contains(HELD_CODE, 0);
        assertThat(warnings.get(1).getArgumentArray()).startsWith(PENDING_ANSWERS);
        assertThat(loggedAt(Level.DEBUG)).hasSize(PENDING_ANSWERS - 1);
    }

    @Test
    void answersWrittenBeforeTheClose_logNothing() {
        channel.writeInbound(RemotingCommand.request(HELD_CODE).build().withOpaque(1));
        answers.get(0).complete(RemotingCommand.responseTo(requests.get(0), ResponseCode.SUCCESS).build());
        channel.close();

        assertThat(logged).isEmpty();
        assertThat(channel.finishAndReleaseAll()).as("the answer was written").isTrue();
    }
}
