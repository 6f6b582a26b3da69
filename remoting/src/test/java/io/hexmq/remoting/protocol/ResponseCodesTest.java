package io.hexmq.remoting.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ResponseCodesTest {

    private static class StoreException extends RuntimeException {
        StoreException(String message) {
            super(message);
        }
    }

    private static final class DiskFullException extends StoreException {
        DiskFullException() {
            super("disk full");
        }
    }

    @Test
    void mapsTheMostSpecificRegisteredType() {
        ResponseCodes codes = ResponseCodes.defaults()
                .with(StoreException.class, ResponseCode.SERVICE_NOT_AVAILABLE)
                .with(DiskFullException.class, e -> new ResponseCodes.ErrorReply(ResponseCode.SYSTEM_BUSY, "full"));

        assertThat(codes.map(new DiskFullException()))
                .isEqualTo(new ResponseCodes.ErrorReply(ResponseCode.SYSTEM_BUSY, "full"));
        assertThat(codes.map(new StoreException("gone")))
                .isEqualTo(new ResponseCodes.ErrorReply(ResponseCode.SERVICE_NOT_AVAILABLE, "gone"));
    }

    @Test
    void mapsSubtypes_toTheirRegisteredSupertype() {
        ResponseCodes codes = ResponseCodes.defaults().with(StoreException.class, ResponseCode.SERVICE_NOT_AVAILABLE);

        assertThat(codes.map(new DiskFullException()).code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
    }

    @Test
    void mapsTheCause_whenAFutureWrappedTheException() {
        ResponseCodes codes = ResponseCodes.defaults();

        ResponseCodes.ErrorReply reply = codes.map(new CompletionException(new MissingHeaderFieldException("queueId")));

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).contains("'queueId'");
        assertThat(codes.isExpected(new CompletionException(new MissingHeaderFieldException("queueId")))).isTrue();
    }

    @Test
    void mapsUnknownExceptions_toSystemErrorWithTheirText() {
        ResponseCodes codes = ResponseCodes.defaults();

        assertThat(codes.map(new UnsupportedOperationException("nope")))
                .isEqualTo(new ResponseCodes.ErrorReply(ResponseCode.SYSTEM_ERROR,
                        "java.lang.UnsupportedOperationException: nope"));
        assertThat(codes.isExpected(new UnsupportedOperationException())).isFalse();
    }

    @Test
    void leavesTheOriginalUnchanged_whenExtended() {
        ResponseCodes defaults = ResponseCodes.defaults();

        defaults.with(StoreException.class, ResponseCode.SERVICE_NOT_AVAILABLE);

        assertThat(defaults.map(new StoreException("x")).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }
}
