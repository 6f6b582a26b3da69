package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.GetBrokerHaStatus;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;
import org.apache.rocketmq.remoting.protocol.header.ResetMasterFlushOffsetHeader;
import org.junit.jupiter.api.Test;

/** GET_BROKER_HA_STATUS (907) and RESET_MASTER_FLUSH_OFFSET (908), as the official admin decodes them. */
class HaStatusHandlersTest {

    private static final String TOPIC = "TopicTest";

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);

    private static RemotingCommand call(RequestHandler handler, RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private void send(String body) {
        Message message = message(TOPIC, "TagA", "k", body);
        call(new SendMessageHandler(mb.sendMessage, mb.broker.trace), request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader(TOPIC, 0, message, false)), message.getBody()));
    }

    @Test
    void haStatus_ofABrokerOnItsOwn_isAMasterWithoutSlaves_atTheEndOfItsCommitLog() {
        send("one");
        send("two");
        GetBrokerHaStatusHandler handler = new GetBrokerHaStatusHandler(new GetBrokerHaStatus(mb.store, false));

        RemotingCommand response = call(handler, RemotingCommand.request(RequestCode.GET_BROKER_HA_STATUS).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        HARuntimeInfo info = HARuntimeInfo.decode(response.body(), HARuntimeInfo.class);
        assertThat(info.isMaster()).isTrue();
        assertThat(info.getMasterCommitLogMaxOffset()).isEqualTo(mb.store.commitLogMaxOffset()).isPositive();
        assertThat(info.getInSyncSlaveNums()).isZero();
        assertThat(info.getHaConnectionInfo()).isEmpty();
        assertThat(info.getHaClientRuntimeInfo().getMaxOffset()).isZero();
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"master\":true,"
                + "\"masterCommitLogMaxOffset\":" + mb.store.commitLogMaxOffset() + ",\"inSyncSlaveNums\":0,"
                + "\"haConnectionInfo\":[],\"haClientRuntimeInfo\":{\"lastReadTimestamp\":0,\"lastWriteTimestamp\":0,"
                + "\"masterFlushOffset\":0,\"maxOffset\":0,\"transferredByteInSecond\":0}}");
    }

    @Test
    void haStatus_ofAReplicaOfABrokerGroup_isRefusedWithSystemError_sayingItReplicatesByRaft() {
        GetBrokerHaStatusHandler handler = new GetBrokerHaStatusHandler(new GetBrokerHaStatus(mb.store, true));

        RemotingCommand response = call(handler, RemotingCommand.request(RequestCode.GET_BROKER_HA_STATUS).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).startsWith("Can not get HARuntimeInfo").contains("Raft log");
    }

    @Test
    void resetMasterFlushOffset_isAcceptedAndIgnored_asAMasterDoes() {
        ResetMasterFlushOffsetHeader header = new ResetMasterFlushOffsetHeader();
        header.setMasterFlushOffset(1234L);
        long before = mb.store.commitLogMaxOffset();

        RemotingCommand response = call(new ResetMasterFlushOffsetHandler(),
                request(RequestCode.RESET_MASTER_FLUSH_OFFSET, header, null));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(mb.store.commitLogMaxOffset()).isEqualTo(before);
    }
}
