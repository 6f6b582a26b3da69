package io.hexmq.client.internal.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraceRecordTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    private static String record(String... fields) {
        return String.join("\u0001", fields) + "\u0002";
    }

    @Test
    void aPubRecord_liststheSendInRocketMQsFieldOrder_andIsFoundByMsgIdAndKeys() {
        TraceRecord pub = TraceRecord.pub(new TraceRecord.Sent(1000, "eu", "pg", "Orders", ID, "TagA",
                List.of("k1", "k2"), "10.0.0.9:10911", 5, 3, TraceRecord.NORMAL_MESSAGE, "OFFSET1", true));

        assertThat(pub.text()).isEqualTo(record("Pub", "1000", "eu", "pg", "Orders", ID, "TagA", "k1 k2",
                "10.0.0.9:10911", "5", "3", "0", "OFFSET1", "true"));
        assertThat(pub.keys()).containsExactly(ID, "k1", "k2");
    }

    @Test
    void absentTagsAndKeys_areWrittenAsNull() {
        TraceRecord pub = TraceRecord.pub(new TraceRecord.Sent(1000, "eu", "pg", "Orders", ID, null, List.of(),
                "10.0.0.9:10911", 5, 3, TraceRecord.DELAYED_MESSAGE, "OFFSET1", false));

        assertThat(pub.text()).isEqualTo(record("Pub", "1000", "eu", "pg", "Orders", ID, "null", "null",
                "10.0.0.9:10911", "5", "3", "3", "OFFSET1", "false"));
        assertThat(pub.keys()).containsExactly(ID);
    }

    @Test
    void subBeforeAndSubAfter_shareTheRequestId_andSubAfterEndsWithItsTimestampAndGroup() {
        TraceRecord.Delivered delivered = new TraceRecord.Delivered(2000, "eu", "cg", "REQ1", ID, 1, List.of("k1"));

        assertThat(TraceRecord.subBefore(delivered).text())
                .isEqualTo(record("SubBefore", "2000", "eu", "cg", "REQ1", ID, "1", "k1"));
        assertThat(TraceRecord.subAfter(new TraceRecord.Answered(delivered, 2012, 12, false, 4)).text())
                .isEqualTo(record("SubAfter", "REQ1", ID, "12", "false", "k1", "4", "2012", "cg"));
    }
}
