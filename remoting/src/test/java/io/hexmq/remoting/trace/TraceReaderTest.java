package io.hexmq.remoting.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceReaderTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    private static String record(String... fields) {
        return String.join("\u0001", fields) + "\u0002";
    }

    /** As a trace message sent from {@code clientHost} carrying {@code body}. */
    private static void read(TraceReader reader, String clientHost, String body) {
        reader.read(body, clientHost);
    }

    @Test
    void readsASend_andAConsumptionWhoseStartAndEndCameInDifferentTraceMessages() {
        TraceReader records = new TraceReader(ID);

        read(records, "10.0.0.1:5000", record("Pub", "1000", "eu", "pg", "Orders", ID, "TagA", "k1",
                "10.0.0.9:10911", "5", "3", "0", "OFFSET1", "true"));
        read(records, "10.0.0.2:6000", record("SubBefore", "2000", "eu", "cg", "req-1", ID, "1", "k1")
                + record("SubBefore", "2000", "eu", "cg", "req-9", "SOME-OTHER-ID", "0", "k1"));
        read(records, "10.0.0.2:6000", record("SubAfter", "req-1", ID, "12", "false", "k1", "0", "2000",
                "cg"));
        TracePath trace = records.path();

        assertThat(trace.sends()).containsExactly(new TracePath.Send("pg", "Orders", "TagA", "k1",
                "10.0.0.1:5000", 1000, 3, true, "10.0.0.9:10911", "OFFSET1", 5, "eu"));
        assertThat(trace.consumptions()).containsExactly(new TracePath.Consumption("cg", "10.0.0.2:6000", 2000, 1,
                Optional.of(12L), Optional.of(false), "eu"));
        assertThat(trace.transactionEnds()).isEmpty();
    }

    @Test
    void aConsumptionStillRunning_hasNoCostOrStatus_andNullFieldsReadAsEmpty() {
        TraceReader records = new TraceReader(ID);

        read(records, "10.0.0.2:6000", record("SubBefore", "2000", "null", "cg", "req-1", ID, "0",
                "null"));
        read(records, "10.0.0.1:5000", record("EndTransaction", "3000", "eu", "pg", "Orders", ID, "null",
                "null", "10.0.0.9:10911", "1", "TX-1", "COMMIT_MESSAGE", "true"));

        TracePath trace = records.path();
        assertThat(trace.consumptions()).containsExactly(new TracePath.Consumption("cg", "10.0.0.2:6000", 2000, 0,
                Optional.empty(), Optional.empty(), ""));
        assertThat(trace.transactionEnds()).containsExactly(new TracePath.TransactionEnd("pg", "10.0.0.1:5000",
                3000, "TX-1", "COMMIT_MESSAGE", true));
    }

    @Test
    void skipsTruncatedAndUnknownRecords() {
        TraceReader records = new TraceReader(ID);

        read(records, "h:1", record("Pub", "1000", "eu") + record("Recall", "1", "eu", "pg", "T", ID,
                "true") + "\u0002\u0002");

        assertThat(records.path().isEmpty()).isTrue();
    }
}
