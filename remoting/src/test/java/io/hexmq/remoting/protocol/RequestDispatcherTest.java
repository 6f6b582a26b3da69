package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import io.hexmq.domain.metrics.RequestOutcome;
import io.hexmq.domain.metrics.port.RequestTimings;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestDispatcherTest {

    private static final Executor DIRECT = Runnable::run;
    private static final int ECHO = 9001;

    private final RequestContext context = new TestPeer("fake-connection", 40_000).context();

    private static RemotingCommand request(int code) {
        return RemotingCommand.request(code).build().withOpaque(41);
    }

    private static RequestDispatcher dispatching(int code, RequestHandler handler) {
        return RequestDispatcher.builder().register(code, handler, DIRECT).build();
    }

    @Test
    void answersWithTheHandlersResponse() {
        RequestDispatcher dispatcher = dispatching(ECHO, RequestHandler.answering((request, ctx) ->
                RemotingCommand.responseTo(request, ResponseCode.SUCCESS).extField("from", ctx.connectionId().value())
                        .build()));

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(41);
        assertThat(response.isResponse()).isTrue();
        assertThat(response.version()).isEqualTo(ProtocolVersion.CURRENT);
        assertThat(response.extFields()).containsEntry("from", "fake-connection");
    }

    @Test
    void answersLater_whenTheHandlerCompletesItsFutureLater() {
        CompletableFuture<RemotingCommand> later = new CompletableFuture<>();
        RequestDispatcher dispatcher = dispatching(ECHO, (request, ctx) -> later);

        CompletableFuture<RemotingCommand> response = dispatcher.dispatch(request(ECHO), context);
        assertThat(response).isNotDone();
        later.complete(RemotingCommand.responseTo(request(ECHO), ResponseCode.SUCCESS).build());

        assertThat(response.join().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void answersRequestCodeNotSupported_whenCodeIsUnknown() {
        RemotingCommand response = RequestDispatcher.empty().dispatch(request(777), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(response.remark()).isEqualTo(" request type 777 not supported");
        assertThat(response.opaque()).isEqualTo(41);
    }

    @Test
    void answersSystemError_namingTheField_whenARequiredHeaderFieldIsMissing() {
        RequestDispatcher dispatcher = dispatching(ECHO, RequestHandler.answering((request, ctx) -> {
            request.header().requiredString("topic");
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
        }));

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("'topic'");
    }

    @Test
    void answersSystemError_withTheExceptionText_whenTheHandlerThrows() {
        RequestDispatcher dispatcher = dispatching(ECHO, (request, ctx) -> {
            throw new IllegalStateException("store is on fire");
        });

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("java.lang.IllegalStateException: store is on fire");
    }

    @Test
    void answersSystemError_whenTheHandlerThrowsALinkageError_ratherThanLeavingTheCallerWaiting() {
        RequestDispatcher dispatcher = dispatching(ECHO, (request, ctx) -> {
            throw new NoClassDefFoundError("io/hexmq/Gone");
        });

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("java.lang.NoClassDefFoundError: io/hexmq/Gone");
    }

    @Test
    void answersSystemError_whenTheHandlersFutureFails() {
        RequestDispatcher dispatcher = dispatching(ECHO,
                (request, ctx) -> CompletableFuture.supplyAsync(() -> {
                    throw new IllegalArgumentException("late failure");
                }, DIRECT));

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.remark()).isEqualTo("java.lang.IllegalArgumentException: late failure");
    }

    @Test
    void answersSystemBusy_whenTheExecutorRejects() {
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, (request, ctx) -> new CompletableFuture<>(), command -> {
                    throw new RejectedExecutionException("queue full");
                })
                .build();

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
    }

    @Test
    void answersWithTheMappedCode_whenResponseCodesKnowTheException() {
        final class TopicMissing extends RuntimeException {
            TopicMissing() {
                super("no route for TopicTest");
            }
        }
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, (request, ctx) -> {
                    throw new TopicMissing();
                }, DIRECT)
                .responseCodes(ResponseCodes.defaults().with(TopicMissing.class, ResponseCode.TOPIC_NOT_EXIST))
                .build();

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.remark()).isEqualTo("no route for TopicTest");
    }

    @Test
    void answersSystemError_whenTheHandlerAnswersWithSomethingElseThanTheResponse() {
        RequestDispatcher dispatcher = dispatching(ECHO, RequestHandler.answering((request, ctx) ->
                RemotingCommand.request(ECHO).build()));

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.opaque()).isEqualTo(41);
    }

    @Test
    void processesOnewayRequest_andAnswersNothing() {
        AtomicInteger calls = new AtomicInteger();
        RequestDispatcher dispatcher = dispatching(ECHO, (request, ctx) -> {
            calls.incrementAndGet();
            throw new IllegalStateException("ignored for oneway");
        });

        assertThat(dispatcher.dispatch(request(ECHO).asOneway(), context).join()).isNull();
        assertThat(RequestDispatcher.empty().dispatch(request(ECHO).asOneway(), context).join()).isNull();
        assertThat(calls).hasValue(1);
    }

    @Test
    void rejectsRegistration_whenTheCodeIsTaken() {
        RequestDispatcher.Builder builder = RequestDispatcher.builder()
                .register(ECHO, (request, ctx) -> null, DIRECT);

        assertThatThrownBy(() -> builder.register(ECHO, (request, ctx) -> null, DIRECT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(ECHO));
    }

    @Test
    void answersTheGatesRefusal_insteadOfRunningTheHandler() {
        AtomicInteger runs = new AtomicInteger();
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, ctx) -> {
                    runs.incrementAndGet();
                    return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
                }), DIRECT)
                .gate((request, ctx) -> java.util.Optional.of(
                        RemotingCommand.responseTo(request, ResponseCode.NO_PERMISSION).remark("no").build()))
                .build();

        RemotingCommand response = dispatcher.dispatch(request(ECHO), context).join();

        assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.remark()).isEqualTo("no");
        assertThat(runs).hasValue(0);
    }

    @Test
    void runsTheHandler_whenTheGateLetsTheRequestThrough() {
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, ctx) ->
                        RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build()), DIRECT)
                .gate(RequestGate.OPEN)
                .build();

        assertThat(dispatcher.dispatch(request(ECHO), context).join().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void answersSystemError_whenTheGateThrows() {
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .register(ECHO, RequestHandler.answering((request, ctx) ->
                        RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build()), DIRECT)
                .gate((request, ctx) -> {
                    throw new IllegalStateException("gate broke");
                })
                .build();

        assertThat(dispatcher.dispatch(request(ECHO), context).join().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    /** What a {@link RequestTimings} was told, one line per request. */
    private static final class RecordedTimings implements RequestTimings {

        final List<String> recorded = new CopyOnWriteArrayList<>();

        @Override
        public void record(int requestCode, int responseCode, RequestOutcome outcome, long elapsedNanos) {
            assertThat(elapsedNanos).isNotNegative();
            recorded.add(requestCode + " " + responseCode + " " + outcome);
        }
    }

    @Test
    void reportsEachRequestsTime_withItsCodeTheAnswersCodeAndHowItEnded() {
        RecordedTimings timings = new RecordedTimings();
        RequestDispatcher dispatcher = RequestDispatcher.builder().timings(timings)
                .register(ECHO, RequestHandler.answering((request, ctx) ->
                        RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build()), DIRECT)
                .register(ECHO + 1, (request, ctx) -> {
                    throw new IllegalStateException("broken");
                }, DIRECT)
                .build();

        dispatcher.dispatch(request(ECHO), context).join();
        dispatcher.dispatch(request(ECHO + 1), context).join();
        dispatcher.dispatch(request(777), context).join();
        dispatcher.dispatch(request(ECHO).asOneway(), context).join();

        assertThat(timings.recorded).containsExactly(
                ECHO + " " + ResponseCode.SUCCESS + " ANSWERED",
                (ECHO + 1) + " " + ResponseCode.SYSTEM_ERROR + " FAILED",
                "777 " + ResponseCode.REQUEST_CODE_NOT_SUPPORTED + " ANSWERED",
                ECHO + " 0 ONEWAY");
    }

    @Test
    void namesCodes_asRocketMqsMetricsLabelThem() {
        assertThat(CodeNames.ofRequests().name(RequestCode.SEND_MESSAGE)).isEqualTo("send_message");
        assertThat(CodeNames.ofResponses().name(ResponseCode.SUCCESS)).isEqualTo("success");
        assertThat(CodeNames.ofRequests().name(987_654)).isEqualTo("987654");
    }
}
