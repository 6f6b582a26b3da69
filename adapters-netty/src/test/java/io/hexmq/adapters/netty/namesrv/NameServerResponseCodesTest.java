package io.hexmq.adapters.netty.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchRuntimeException;

import io.hexmq.domain.kvconfig.KvConfigStorageException;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.ResponseCodes;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class NameServerResponseCodesTest {

    private final ResponseCodes codes = NameServerResponseCodes.create();

    @Test
    void answersDomainRejections_withSystemError_andTheirMessage_asExpectedOutcomes() {
        List<RuntimeException> rejections = List.of(
                catchRuntimeException(() -> new TopicName("a.b")),
                catchRuntimeException(() -> new Permission(99)),
                catchRuntimeException(() -> new BrokerAddress("nowhere")),
                catchRuntimeException(() -> new KvNamespace("")),
                new InvalidBodyException("RegisterBrokerBody body is not JSON"));

        for (RuntimeException rejection : rejections) {
            assertThat(codes.isExpected(rejection)).as(rejection.toString()).isTrue();
            assertThat(codes.map(rejection)).isEqualTo(
                    new ResponseCodes.ErrorReply(ResponseCode.SYSTEM_ERROR, rejection.getMessage()));
            assertThat(codes.map(new CompletionException(rejection)).remark()).isEqualTo(rejection.getMessage());
        }
    }

    @Test
    void leavesStorageFailures_unexpected_soThatTheyAreLoggedWithTheirStack() {
        KvConfigStorageException failure = new KvConfigStorageException("cannot save", new IOException("disk full"));

        assertThat(codes.isExpected(failure)).isFalse();
        assertThat(codes.map(failure).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    @Test
    void keepsTheDefaults() {
        assertThat(codes.map(new RejectedExecutionException()).code())
                .isEqualTo(ResponseCode.SYSTEM_BUSY);
    }
}
