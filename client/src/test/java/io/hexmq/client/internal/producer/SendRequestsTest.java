package io.hexmq.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SendRequestsTest {

    private static final MessageQueue QUEUE = new MessageQueue("orders", "broker-a", 3);

    private final Message message = Message.builder("orders").body("hi").tags("created").keys("k1", "k2")
            .property("region", "eu").delayLevel(2).flag(9).build();

    @Test
    void encodesKeysTagsDelayUserPropertiesWaitAndUniqueKey() {
        Map<String, String> properties = MessageProperties.decode(SendRequests.properties(message, "ID1"));

        assertThat(properties).containsExactly(
                Map.entry("KEYS", "k1 k2"), Map.entry("TAGS", "created"), Map.entry("DELAY", "2"),
                Map.entry("region", "eu"), Map.entry("WAIT", "true"), Map.entry("UNIQ_KEY", "ID1"));
    }

    @Test
    void writesSendMessageV2HeaderWithOneLetterNames() {
        String properties = SendRequests.properties(message, "ID1");

        RemotingCommand request = SendRequests.single("pg", QUEUE, 4, message, properties, 1_700_000_000_123L);

        assertThat(request.code()).isEqualTo(RequestCode.SEND_MESSAGE_V2);
        assertThat(request.extFields()).containsExactly(
                Map.entry("a", "pg"), Map.entry("b", "orders"), Map.entry("c", "TBW102"), Map.entry("d", "4"),
                Map.entry("e", "3"), Map.entry("f", "0"), Map.entry("g", "1700000000123"), Map.entry("h", "9"),
                Map.entry("i", properties), Map.entry("j", "0"), Map.entry("k", "false"), Map.entry("m", "false"));
        assertThat(request.body()).isEqualTo("hi".getBytes());
    }

    @Test
    void marksBatchRequestsWithCode320AndBatchFlag() {
        RemotingCommand request = SendRequests.batch("pg", QUEUE, 4, new byte[] {1, 2}, 5L);

        assertThat(request.code()).isEqualTo(RequestCode.SEND_BATCH_MESSAGE);
        assertThat(request.extFields()).containsEntry("m", "true").containsEntry("i", "WAIT\u0001true\u0002");
    }

    @Test
    void readsReceiptFromSuccessfulResponse() {
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).build();
        RemotingCommand response = RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField("msgId", "7F00000100002A9F0000000000001F40").extField("queueId", "1")
                .extField("queueOffset", "17").build();

        SendReceipt receipt = SendRequests.receipt(response, QUEUE, "UNIQ");

        assertThat(receipt).isEqualTo(new SendReceipt("UNIQ", "7F00000100002A9F0000000000001F40",
                new MessageQueue("orders", "broker-a", 1), 17, SendStatus.SEND_OK));
    }

    @Test
    void reportsStoredWithWarning_whenFlushTimesOut() {
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).build();
        RemotingCommand response = RemotingCommand.responseTo(request, ResponseCode.FLUSH_DISK_TIMEOUT)
                .extField("msgId", "X").extField("queueId", "3").extField("queueOffset", "1").build();

        assertThat(SendRequests.receipt(response, QUEUE, "U").status()).isEqualTo(SendStatus.FLUSH_DISK_TIMEOUT);
    }

    @Test
    void throwsCodeAndRemark_whenBrokerRefuses() {
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2).build();
        RemotingCommand response = RemotingCommand.responseTo(request, ResponseCode.MESSAGE_ILLEGAL)
                .remark("body too long").build();

        assertThatThrownBy(() -> SendRequests.receipt(response, QUEUE, "U"))
                .isInstanceOfSatisfying(HexmqClientException.class, e -> {
                    assertThat(e.responseCode()).isEqualTo(13);
                    assertThat(e.remark()).isEqualTo("body too long");
                });
    }
}
