package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.internal.trace.TraceRecord;
import java.util.List;
import org.apache.rocketmq.client.AccessChannel;
import org.apache.rocketmq.client.trace.TraceBean;
import org.apache.rocketmq.client.trace.TraceContext;
import org.apache.rocketmq.client.trace.TraceDataEncoder;
import org.apache.rocketmq.client.trace.TraceType;
import org.apache.rocketmq.common.message.MessageType;
import org.junit.jupiter.api.Test;

/** The SDK's trace records are, byte for byte, what the official client's encoder writes for the same facts. */
class SdkTraceRecordsOfficialEncodingTest {

    private static final String ID = "7F00000100002A9F0000000000000001";

    private static TraceContext context(TraceType type, long timestamp, String group, TraceBean bean) {
        TraceContext context = new TraceContext();
        context.setTraceType(type);
        context.setTimeStamp(timestamp);
        context.setRegionId("eu");
        context.setGroupName(group);
        context.setAccessChannel(AccessChannel.LOCAL);
        context.setTraceBeans(List.of(bean));
        return context;
    }

    private static TraceBean bean() {
        TraceBean bean = new TraceBean();
        bean.setTopic("Orders");
        bean.setMsgId(ID);
        bean.setKeys("k1 k2");
        return bean;
    }

    @Test
    void aPubRecord_isTheOfficialEncoding() {
        TraceBean bean = bean();
        bean.setTags("TagA");
        bean.setStoreHost("10.0.0.9:10911");
        bean.setBodyLength(5);
        bean.setMsgType(MessageType.Normal_Msg);
        bean.setOffsetMsgId("OFFSET1");
        TraceContext official = context(TraceType.Pub, 1000, "pg", bean);
        official.setCostTime(3);
        official.setSuccess(true);

        TraceRecord ours = TraceRecord.pub(new TraceRecord.Sent(1000, "eu", "pg", "Orders", ID, "TagA",
                List.of("k1", "k2"), "10.0.0.9:10911", 5, 3, TraceRecord.NORMAL_MESSAGE, "OFFSET1", true));

        assertThat(ours.text()).isEqualTo(TraceDataEncoder.encoderFromContextBean(official).getTransData());
        assertThat(ours.keys()).containsExactlyInAnyOrderElementsOf(
                TraceDataEncoder.encoderFromContextBean(official).getTransKey());
    }

    @Test
    void subBeforeAndSubAfterRecords_areTheOfficialEncoding_asANonCloudClientWritesThem() {
        TraceBean bean = bean();
        bean.setRetryTimes(2);
        TraceContext before = context(TraceType.SubBefore, 2000, "cg", bean);
        before.setRequestId("REQ1");
        TraceContext after = context(TraceType.SubAfter, 2012, "cg", bean);
        after.setRequestId("REQ1");
        after.setCostTime(12);
        after.setSuccess(false);
        after.setContextCode(4);

        TraceRecord.Delivered delivered = new TraceRecord.Delivered(2000, "eu", "cg", "REQ1", ID, 2,
                List.of("k1", "k2"));

        assertThat(TraceRecord.subBefore(delivered).text())
                .isEqualTo(TraceDataEncoder.encoderFromContextBean(before).getTransData());
        assertThat(TraceRecord.subAfter(new TraceRecord.Answered(delivered, 2012, 12, false, 4)).text())
                .isEqualTo(TraceDataEncoder.encoderFromContextBean(after).getTransData());
    }
}
