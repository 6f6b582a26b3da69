package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.common.CheckRocksdbCqWriteResult;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What Apache RocketMQ's DefaultMQAdminExt gets from hexmq for the mqadmin commands of parts a broker on its own
 * has no use for, or hexmq has not: the answers a RocketMQ broker without the part gives, never "request code not
 * supported"; and the system topic list mqadmin exportMetrics and exportMetadata filter user topics with.
 */
class AbsentPartsCompatibilityIT {

    private static final long TIMEOUT = 5_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    @RegisterExtension
    final OfficialAdminExtension admin = OfficialAdminExtension.of(hexmq, "absent-parts-it");

    @Test
    void userTopicConfig_leavesOutTheSystemTopicsTheBrokerNames() throws Exception {
        admin.get().createAndUpdateTopicConfig(hexmq.server().broker(), new org.apache.rocketmq.common.TopicConfig(
                "UserTopic", 2, 2, 6));

        TopicConfigSerializeWrapper topics = admin.get().getUserTopicConfig(hexmq.server().broker(), false, TIMEOUT);

        assertThat(topics.getTopicConfigTable()).containsKey("UserTopic")
                .doesNotContainKeys("TBW102", hexmq.server().clusterName(), "SCHEDULE_TOPIC_XXXX");
    }

    @Test
    void controllerColdReadAndReadAheadRequests_areRefusedWithARemarkNamingWhatIsMissing() {
        String broker = hexmq.server().broker();
        Properties threshold = new Properties();
        threshold.setProperty("SomeGroup", "100");

        assertThatThrownBy(() -> admin.get().getBrokerEpochCache(broker))
                .isInstanceOfSatisfying(MQBrokerException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR))
                .hasMessageContaining("no controller mode");
        assertThatThrownBy(() -> admin.get().updateColdDataFlowCtrGroupConfig(broker, threshold))
                .isInstanceOf(MQBrokerException.class).hasMessageContaining("no cold data flow control");
        assertThatThrownBy(() -> admin.get().getColdDataFlowCtrInfo(broker))
                .isInstanceOf(MQBrokerException.class).hasMessageContaining("no cold data flow control");
        assertThatThrownBy(() -> admin.get().setCommitLogReadAheadMode(broker, "0"))
                .isInstanceOf(MQBrokerException.class).hasMessageContaining("read-ahead mode");
    }

    @Test
    void rocksdbConsumeQueueCheck_andPopRecordExport_findNothingToDo() throws Exception {
        CheckRocksdbCqWriteResult check = admin.get().checkRocksdbCqWriteProgress(hexmq.server().broker(),
                "UserTopic", 0);

        assertThat(check.getCheckStatus()).isEqualTo(CheckRocksdbCqWriteResult.CheckStatus.CHECK_OK.getValue());
        assertThat(check.getCheckResult()).contains("no RocksDB consume queue");
        admin.get().exportPopRecords(hexmq.server().broker(), TIMEOUT);
    }
}
