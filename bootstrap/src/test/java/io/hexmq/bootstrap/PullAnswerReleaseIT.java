package io.hexmq.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonParser;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.protocol.LeakDetection;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pull answer's body is sent from the file store's mapped segments as they are, in a frame of pooled
 * and wrapping buffers that the broker's channel must release once, however the answer ends. A real
 * standalone on loopback, requests sent as a consumer sends them, and Netty's leak detector at PARANOID
 * ({@link LeakDetection}) failing each test that leaves a buffer unreleased anywhere in the JVM.
 *
 * <p>Where an answer is written without the client waiting for it, the broker's count of messages
 * got ({@code msgGetTotalTodayNow}, bumped as a pull finds them, just before its answer is written)
 * says that the answer was made before the leaks are looked for.
 */
class PullAnswerReleaseIT {

    @RegisterExtension
    static final LeakDetection LEAKS = new LeakDetection();

    @RegisterExtension
    static final StandaloneExtension<OfficialClients> STANDALONE =
            StandaloneExtension.onFileStore().withOfficialClients();

    private static final String TOPIC = "PullAnswerRelease";
    private static final String GROUP = "PullAnswerReleaseGroup";
    private static final int BODY_BYTES = 1024;
    private static final int BATCH = 32;
    private static final long LONG_POLL_MILLIS = 30_000;

    private static DefaultMQProducer producer;
    private static long sent;

    private final NettyRemotingClient client = new NettyRemotingClient(NettyClientSettings.defaults());

    @BeforeAll
    static void fillTheQueue() throws Exception {
        producer = STANDALONE.clients().producer("PullAnswerReleaseProducer");
        STANDALONE.clients().createTopic(producer, STANDALONE.server().broker(), TOPIC, 1);
        for (int i = 0; i < 2 * BATCH; i++) {
            send(i);
        }
    }

    @AfterEach
    void closeTheClient() {
        client.close();
    }

    private static void send(int index) throws Exception {
        byte[] body = new byte[BODY_BYTES];
        Arrays.fill(body, (byte) ('a' + index % 26));
        assertThat(producer.send(new Message(TOPIC, body), OfficialClients.queue(TOPIC,
                STANDALONE.server().brokerName(), 0)).getQueueOffset()).isEqualTo(sent);
        sent++;
    }

    private static RemotingCommand pull(long offset, int sysFlag) {
        return RemotingCommand.request(RequestCode.PULL_MESSAGE)
                .extField(PullMessageHeader.CONSUMER_GROUP, GROUP)
                .extField(PullMessageHeader.TOPIC, TOPIC)
                .extField(PullMessageHeader.QUEUE_ID, 0)
                .extField(PullMessageHeader.QUEUE_OFFSET, offset)
                .extField(PullMessageHeader.MAX_MSG_NUMS, BATCH)
                .extField(PullMessageHeader.SYS_FLAG, PullSysFlag.SUBSCRIPTION | sysFlag)
                .extField(PullMessageHeader.SUSPEND_TIMEOUT_MILLIS, LONG_POLL_MILLIS)
                .extField(PullMessageHeader.SUBSCRIPTION, "*")
                .build();
    }

    /** How many messages the broker's pulls have found so far. */
    private long messagesGot() throws InterruptedException {
        RemotingCommand info = client.invokeSync(STANDALONE.server().broker(),
                RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build(), 5_000);
        return JsonParser.parseString(new String(info.body(), StandardCharsets.UTF_8)).getAsJsonObject()
                .getAsJsonObject("table").get("msgGetTotalTodayNow").getAsLong();
    }

    private void awaitMessagesGot(long count) {
        Await.until(count + " messages found by pulls", Duration.ofSeconds(30), () -> {
            try {
                return messagesGot() >= count;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    @Test
    void answersAPullWith32StoredRecords_readByTheOfficialDecoder() throws Exception {
        RemotingCommand response = client.invokeSync(STANDALONE.server().broker(), pull(BATCH, 0), 10_000);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        List<MessageExt> messages = MessageDecoder.decodes(ByteBuffer.wrap(response.body()));
        assertThat(messages).hasSize(BATCH);
        assertThat(messages).extracting(MessageExt::getQueueOffset).startsWith((long) BATCH).endsWith(2L * BATCH - 1);
        assertThat(messages.get(0).getBody()).hasSize(BODY_BYTES).containsOnly((byte) ('a' + BATCH % 26));
    }

    @Test
    void answersAPullTheClientGaveUpOn_andTheClientDropsIt() throws Exception {
        long before = messagesGot();
        CompletableFuture<RemotingCommand> waiting = client.invokeAsync(STANDALONE.server().broker(),
                pull(sent, PullSysFlag.SUSPEND), 300);
        assertThatThrownBy(waiting::get).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RemotingTimeoutException.class);

        send((int) sent);

        awaitMessagesGot(before + 1);
    }

    @Test
    void releasesAParkedAnswer_whoseConsumerHungUpBeforeItCame() throws Exception {
        long before = messagesGot();
        // The client's timeout gives the broker time to park the pull, and ends the client's wait.
        CompletableFuture<RemotingCommand> waiting = client.invokeAsync(STANDALONE.server().broker(),
                pull(sent, PullSysFlag.SUSPEND), 300);
        assertThatThrownBy(waiting::get).hasCauseInstanceOf(RemotingTimeoutException.class);
        client.closeConnection(STANDALONE.server().broker());

        send((int) sent);

        awaitMessagesGot(before + 1);
    }

    @Test
    void answersNothing_toAOnewayPull() throws Exception {
        long before = messagesGot();

        client.invokeOneway(STANDALONE.server().broker(), pull(0, 0).asOneway()).get();

        awaitMessagesGot(before + BATCH);
    }

    @Test
    void releasesThePendingAnswers_whenTheConsumerResetsTheConnection() throws Exception {
        int pulls = 400;
        long before = messagesGot();
        byte[] requests = frames(pulls);
        InetSocketAddress broker = new InetSocketAddress("127.0.0.1",
                Integer.parseInt(STANDALONE.server().broker().split(":")[1]));
        try (Socket socket = new Socket()) {
            // A consumer that asks for 14 MB of answers and reads none: most of them wait in the broker.
            socket.setReceiveBufferSize(4096);
            socket.connect(broker, 5_000);
            OutputStream out = socket.getOutputStream();
            out.write(requests);
            out.flush();
            awaitMessagesGot(before + (long) pulls * BATCH);
            socket.setSoLinger(true, 0);
        }
        // The reset fails the pending writes; the broker's next answers on other connections still work.
        assertThat(client.invokeSync(STANDALONE.server().broker(), pull(0, 0), 10_000).code())
                .isEqualTo(ResponseCode.SUCCESS);
    }

    /** {@code count} pull requests of 32 from offset 0, encoded back to back as a client writes them. */
    private static byte[] frames(int count) {
        EmbeddedChannel encoder = new EmbeddedChannel(new RemotingCommandEncoder());
        ByteBuf all = encoder.alloc().buffer();
        try {
            for (int i = 0; i < count; i++) {
                encoder.writeOutbound(pull(0, 0).withOpaque(i + 1));
                ByteBuf frame = encoder.readOutbound();
                all.writeBytes(frame);
                frame.release();
            }
            return ByteBufUtil.getBytes(all);
        } finally {
            all.release();
            encoder.finishAndReleaseAll();
        }
    }
}
