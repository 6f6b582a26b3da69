package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The admin codes about parts hexmq does not have answer as a RocketMQ broker without the part does: a refusal
 * that names what is missing, or SUCCESS where there is nothing to do; never REQUEST_CODE_NOT_SUPPORTED.
 */
class AbsentPartsHandlersTest {

    private static RemotingCommand ask(RequestHandler handler, RemotingCommand request) {
        return handler.handle(request.withOpaque(11), TestPeer.client().context()).join();
    }

    private static RemotingCommand request(int code) {
        return RemotingCommand.request(code).build();
    }

    @Test
    void brokerEpoch_isRefusedAsOutsideControllerMode() {
        RemotingCommand response = ask(new GetBrokerEpochCacheHandler(), request(RequestCode.GET_BROKER_EPOCH_CACHE));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.opaque()).isEqualTo(11);
        assertThat(response.remark()).contains("no controller mode");
    }

    @Test
    void coldDataFlowControl_isRefusedForSettingRemovingAndReporting() {
        RemotingCommand update = RemotingCommand.request(RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG)
                .body("billing=100\n".getBytes(StandardCharsets.UTF_8)).build();
        RemotingCommand remove = RemotingCommand.request(RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG)
                .body("billing".getBytes(StandardCharsets.UTF_8)).build();

        for (RemotingCommand response : new RemotingCommand[] {
                ask(new UpdateColdDataFlowCtrConfigHandler(), update),
                ask(new RemoveColdDataFlowCtrConfigHandler(), remove),
                ask(new GetColdDataFlowCtrInfoHandler(), request(RequestCode.GET_COLD_DATA_FLOW_CTR_INFO))}) {
            assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(response.remark()).startsWith("hexmq has no cold data flow control");
        }
    }

    @Test
    void commitLogReadAheadMode_isRefused() {
        RemotingCommand response = ask(new SetCommitLogReadModeHandler(),
                RemotingCommand.request(RequestCode.SET_COMMITLOG_READ_MODE).extField("readAheadMode", "0").build());

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("read-ahead mode");
    }

    @Test
    void switchingTheTimerEngine_isAnInvalidParameter_asWithoutTheTimerWheel() {
        RemotingCommand response = ask(new SwitchTimerEngineHandler(),
                RemotingCommand.request(RequestCode.SWITCH_TIMER_ENGINE).extField("engineType", "R").build());

        assertThat(response.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(response.remark()).contains("one timer engine");
    }

    @Test
    void brokerLiteInfo_isRefusedForWantOfLiteTopics() {
        RemotingCommand response = ask(new GetBrokerLiteInfoHandler(), request(RequestCode.GET_BROKER_LITE_INFO));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("no lite topics");
    }

    @Test
    void rocksdbConsumeQueueCheck_answersCheckOk_withNothingToCompare() {
        RemotingCommand response = ask(new CheckRocksdbCqWriteProgressHandler(),
                RemotingCommand.request(RequestCode.CHECK_ROCKSDB_CQ_WRITE_PROGRESS).extField("topic", "Orders")
                        .extField("checkStoreTime", "0").build());

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"checkResult\":\"hexmq keeps no RocksDB consume queue, no need check\",\"checkStatus\":0}");
    }

    @Test
    void popRecordExport_succeedsWithNothingToMove() {
        RemotingCommand response = ask(new PopRollbackHandler(), request(RequestCode.POP_ROLLBACK));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(11);
    }
}
