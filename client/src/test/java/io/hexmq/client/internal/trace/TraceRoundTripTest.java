package io.hexmq.client.internal.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.trace.TracePath;
import io.hexmq.remoting.trace.TraceReader;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the SDK's trace writer writes, the shared reader reads back as the official clients' records. */
class TraceRoundTripTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    @Test
    void readsBackTheRecordsTheSdkWrites() {
        TraceRecord.Delivered delivered = new TraceRecord.Delivered(2000, "eu", "cg", "REQ1", ID, 1, List.of("k1"));
        String body = TraceRecord.pub(new TraceRecord.Sent(1000, "eu", "pg", "Orders", ID, "TagA", List.of("k1"),
                "10.0.0.9:10911", 5, 3, TraceRecord.NORMAL_MESSAGE, "OFFSET1", true)).text()
                + TraceRecord.subBefore(delivered).text()
                + TraceRecord.subAfter(new TraceRecord.Answered(delivered, 2012, 12, true, 0)).text();
        TraceReader records = new TraceReader(ID);

        records.read(body, "10.0.0.1:5000");

        TracePath trace = records.path();
        assertThat(trace.sends()).containsExactly(new TracePath.Send("pg", "Orders", "TagA", "k1",
                "10.0.0.1:5000", 1000, 3, true, "10.0.0.9:10911", "OFFSET1", 5, "eu"));
        assertThat(trace.consumptions()).containsExactly(new TracePath.Consumption("cg", "10.0.0.1:5000", 2000, 1,
                Optional.of(12L), Optional.of(true), "eu"));
    }
}
