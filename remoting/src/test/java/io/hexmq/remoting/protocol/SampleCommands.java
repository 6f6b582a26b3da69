package io.hexmq.remoting.protocol;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Commands covering every envelope feature, shared by the codec tests. They carry the version of the official
 * 5.3.3 client their golden frames were captured from, not {@link ProtocolVersion#CURRENT}, so the frames stay
 * pinned when the version hexmq announces moves on.
 */
final class SampleCommands {

    private static final int CAPTURED_WITH = ProtocolVersion.V5_3_3;

    private SampleCommands() {
    }

    static RemotingCommand sendMessageRequest() {
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2)
                .version(CAPTURED_WITH)
                .extField("a", "PG_demo")
                .extField("b", "TopicTest")
                .extField("c", "TBW102")
                .extField("d", 4)
                .extField("e", 2)
                .extField("g", 1_700_000_000_123L)
                .extField("i", "KEYS\u0001order-1\u0002TAGS\u0001TagA\u0002")
                .extField("k", false)
                .body("Hello hexmq".getBytes(StandardCharsets.UTF_8))
                .build()
                .withOpaque(7);
    }

    static RemotingCommand successResponse() {
        return RemotingCommand.responseTo(sendMessageRequest(), ResponseCode.SUCCESS)
                .version(CAPTURED_WITH)
                .extField("msgId", "7F00000100002A9F0000000000001F40")
                .extField("queueId", 2)
                .extField("queueOffset", 17)
                .extField("MSG_REGION", "DefaultRegion")
                .build();
    }

    static RemotingCommand errorResponseWithRemark() {
        return RemotingCommand.responseTo(sendMessageRequest(), ResponseCode.SYSTEM_ERROR)
                .version(CAPTURED_WITH)
                .remark("the header field 'topic' is missing")
                .build();
    }

    static RemotingCommand onewayRequestWithRemark() {
        return RemotingCommand.request(RequestCode.END_TRANSACTION)
                .version(CAPTURED_WITH)
                .extField("producerGroup", "PG_demo")
                .extField("commitOrRollback", 8)
                .remark("rolled back: \"quoted\" \\ tab\t newline\n")
                .oneway()
                .build()
                .withOpaque(Integer.MAX_VALUE);
    }

    /** Escapes, non-ASCII, a negative opaque, a non-Java language, an old version. */
    static RemotingCommand awkwardStrings() {
        return RemotingCommand.request(RequestCode.HEART_BEAT)
                .language(LanguageCode.GO)
                .version(ProtocolVersion.V4_9_4)
                .extField("ctl", "\u0000\u0007\u000B\u001F\u007F\u0085\u009F\u2028\u2029")
                .extField("unicode", "héllo wörld 日本 \uD83D\uDE00 / <tag> & = '")
                .extField("empty", "")
                .remark("é")
                .body(new byte[] {0, 1, 2, (byte) 0xFF})
                .build()
                .withOpaque(-42);
    }

    static RemotingCommand bare() {
        return RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).build();
    }

    static List<RemotingCommand> all() {
        return List.of(sendMessageRequest(), successResponse(), errorResponseWithRemark(),
                onewayRequestWithRemark(), awkwardStrings(), bare());
    }
}
