package io.hexmq.remoting.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.junit.jupiter.api.Test;

/** The POP texts against the official client's own reader and writer of them (ExtraInfoUtil). */
class PopExtraInfoTest {

    private static final List<PopExtraInfo.QueuePart> PARTS = List.of(
            new PopExtraInfo.QueuePart("T", 1, 10, List.of(10L, 12L), List.of(0, 2)),
            new PopExtraInfo.QueuePart("%RETRY%cg_T", 0, 3, List.of(3L), List.of(1)));

    @Test
    void theOffsetTexts_readAsTheOfficialClientReadsThem() {
        Map<String, Long> starts = ExtraInfoUtil.parseStartOffsetInfo(PopExtraInfo.startOffsetInfo(PARTS));
        Map<String, List<Long>> offsets = ExtraInfoUtil.parseMsgOffsetInfo(PopExtraInfo.msgOffsetInfo(PARTS));
        Map<String, Integer> counts = ExtraInfoUtil.parseOrderCountInfo(PopExtraInfo.orderCountInfo(PARTS));

        assertThat(starts).isEqualTo(Map.of(ExtraInfoUtil.getStartOffsetInfoMapKey("T", 1), 10L,
                ExtraInfoUtil.getStartOffsetInfoMapKey("%RETRY%cg_T", 0), 3L));
        assertThat(offsets).isEqualTo(Map.of("0@1", List.of(10L, 12L), "1@0", List.of(3L)));
        assertThat(counts).containsEntry(ExtraInfoUtil.getQueueOffsetMapKey("T", 1, 12), 2)
                .containsEntry(ExtraInfoUtil.getQueueOffsetMapKey("%RETRY%cg_T", 0, 3), 1).hasSize(3);
    }

    @Test
    void anExtraInfo_theOfficialClientBuilt_parses() {
        String official = ExtraInfoUtil.buildExtraInfo(10, 1_700_000_000_000L, 60_000, 999, "%RETRY%cg_T", "broker-a",
                1, 12);

        PopExtraInfo.Parsed parsed = PopExtraInfo.parse(official);

        assertThat(parsed).isEqualTo(new PopExtraInfo.Parsed(10, 1_700_000_000_000L, 60_000, 999, "1", "broker-a",
                1, 12));
        assertThat(parsed.isOrderly()).isTrue();
        assertThat(PopExtraInfo.isRetry(parsed.retryMark())).isTrue();
        assertThat(PopExtraInfo.parse(ExtraInfoUtil.buildExtraInfo(0, 1, 2, 0, "T", "b", 0)).queueOffset()).isEqualTo(-1);
    }

    @Test
    void aMalformedExtraInfo_isAnInvalidHeaderField() {
        assertThatThrownBy(() -> PopExtraInfo.parse("1 2 3")).isInstanceOf(InvalidHeaderFieldException.class);
        assertThatThrownBy(() -> PopExtraInfo.parse("a b c d e f g")).isInstanceOf(InvalidHeaderFieldException.class);
    }
}
