package io.hexmq.client.internal.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.MessageTrace;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.trace.TraceRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceRecordsTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    private static String record(String... fields) {
        return String.join("\u0001", fields) + "\u0002";
    }

    private static ReceivedMessage traceMessage(String fromHost, String body) {
        return new ReceivedMessage("RMQ_SYS_TRACE_TOPIC", 0, 0, "T", "O", 0, body.getBytes(StandardCharsets.UTF_8),
                Map.of("KEYS", ID), 0, 0, fromHost, 0, "10.0.0.9:10911", 0);
    }

    @Test
    void readsASend_andAConsumptionWhoseStartAndEndCameInDifferentTraceMessages() {
        TraceRecords records = new TraceRecords(ID);

        records.read(traceMessage("10.0.0.1:5000", record("Pub", "1000", "eu", "pg", "Orders", ID, "TagA", "k1",
                "10.0.0.9:10911", "5", "3", "0", "OFFSET1", "true")));
        records.read(traceMessage("10.0.0.2:6000", record("SubBefore", "2000", "eu", "cg", "req-1", ID, "1", "k1")
                + record("SubBefore", "2000", "eu", "cg", "req-9", "SOME-OTHER-ID", "0", "k1")));
        records.read(traceMessage("10.0.0.2:6000", record("SubAfter", "req-1", ID, "12", "false", "k1", "0", "2000",
                "cg")));
        MessageTrace trace = records.trace();

        assertThat(trace.sends()).containsExactly(new MessageTrace.Send("pg", "Orders", "TagA", "k1",
                "10.0.0.1:5000", 1000, 3, true, "10.0.0.9:10911", "OFFSET1", 5, "eu"));
        assertThat(trace.consumptions()).containsExactly(new MessageTrace.Consumption("cg", "10.0.0.2:6000", 2000, 1,
                Optional.of(12L), Optional.of(false), "eu"));
        assertThat(trace.transactionEnds()).isEmpty();
    }

    @Test
    void aConsumptionStillRunning_hasNoCostOrStatus_andNullFieldsReadAsEmpty() {
        TraceRecords records = new TraceRecords(ID);

        records.read(traceMessage("10.0.0.2:6000", record("SubBefore", "2000", "null", "cg", "req-1", ID, "0",
                "null")));
        records.read(traceMessage("10.0.0.1:5000", record("EndTransaction", "3000", "eu", "pg", "Orders", ID, "null",
                "null", "10.0.0.9:10911", "1", "TX-1", "COMMIT_MESSAGE", "true")));

        MessageTrace trace = records.trace();
        assertThat(trace.consumptions()).containsExactly(new MessageTrace.Consumption("cg", "10.0.0.2:6000", 2000, 0,
                Optional.empty(), Optional.empty(), ""));
        assertThat(trace.transactionEnds()).containsExactly(new MessageTrace.TransactionEnd("pg", "10.0.0.1:5000",
                3000, "TX-1", "COMMIT_MESSAGE", true));
    }

    @Test
    void skipsTruncatedAndUnknownRecords() {
        TraceRecords records = new TraceRecords(ID);

        records.read(traceMessage("h:1", record("Pub", "1000", "eu") + record("Recall", "1", "eu", "pg", "T", ID,
                "true") + "\u0002\u0002"));

        assertThat(records.trace().isEmpty()).isTrue();
    }

    @Test
    void readsBackTheRecordsTheSdkWrites() {
        TraceRecord.Delivered delivered = new TraceRecord.Delivered(2000, "eu", "cg", "REQ1", ID, 1, List.of("k1"));
        String body = TraceRecord.pub(new TraceRecord.Sent(1000, "eu", "pg", "Orders", ID, "TagA", List.of("k1"),
                "10.0.0.9:10911", 5, 3, TraceRecord.NORMAL_MESSAGE, "OFFSET1", true)).text()
                + TraceRecord.subBefore(delivered).text()
                + TraceRecord.subAfter(new TraceRecord.Answered(delivered, 2012, 12, true, 0)).text();
        TraceRecords records = new TraceRecords(ID);

        records.read(traceMessage("10.0.0.1:5000", body));

        MessageTrace trace = records.trace();
        assertThat(trace.sends()).containsExactly(new MessageTrace.Send("pg", "Orders", "TagA", "k1",
                "10.0.0.1:5000", 1000, 3, true, "10.0.0.9:10911", "OFFSET1", 5, "eu"));
        assertThat(trace.consumptions()).containsExactly(new MessageTrace.Consumption("cg", "10.0.0.1:5000", 2000, 1,
                Optional.of(12L), Optional.of(true), "eu"));
    }
}
