package io.hexmq.adapters.netty.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.InvalidBodyException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

/** The compressed REGISTER_BROKER layout, written by hand: 4.x bodies and every way a body can be broken. */
class CompressedRegisterBrokerBodyLayoutTest {

    /** Writes chunks and ints into one zlib stream. */
    private static final class Stream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(bytes));

        Stream chunk(String text) throws IOException {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
            return this;
        }

        Stream integer(int value) throws IOException {
            out.writeInt(value);
            return this;
        }

        byte[] finish() throws IOException {
            out.close();
            return bytes.toByteArray();
        }
    }

    @Test
    void readsA4xBody_withFiveFieldLines_andNoMappingCount() throws IOException {
        byte[] body = new Stream().chunk("{\"counter\":2,\"timestamp\":99}").integer(2)
                .chunk("TopicTest 4 4 6 SINGLE_TAG").chunk("Tagged 8 2 7 MULTI_TAG")
                .chunk("[\"10.0.0.1:30000\"]").finish();

        BrokerRegistrationBody parsed = CompressedRegisterBrokerBodyLayout.decode(body);

        assertThat(parsed.dataVersion()).isEqualTo(new DataVersion(99, 2, 0));
        assertThat(parsed.topicConfigs()).containsExactly(
                TopicConfig.of(new TopicName("TopicTest"), 4, 4, Permission.READ_WRITE),
                new TopicConfig(new TopicName("Tagged"), 8, 2, new Permission(7), TopicFilterType.MULTI_TAG, 0,
                        false, Map.of()));
        assertThat(parsed.filterServers()).hasSize(1);
    }

    @Test
    void readsAttributes_containingSpaces_andDropsAttributesThatDoNotParse() {
        assertThat(CompressedRegisterBrokerBodyLayout.topicConfig("T 1 1 6 SINGLE_TAG {\"+k\":\"a b\"}").attributes())
                .containsExactly(Map.entry("+k", "a b"));
        assertThat(CompressedRegisterBrokerBodyLayout.topicConfig("T 1 1 6 SINGLE_TAG {broken").attributes()).isEmpty();
        assertThat(CompressedRegisterBrokerBodyLayout.topicConfig("T 1 1 6 SINGLE_TAG ").attributes()).isEmpty();
    }

    @Test
    void rejectsLines_withTooFewFields_badNumbers_orUnknownFilterTypes() {
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.topicConfig("T 1 1 6"))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("at least 5 fields");
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.topicConfig("T x 1 6 SINGLE_TAG"))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("malformed number");
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.topicConfig("T 1 1 6 NO_TAG"))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("NO_TAG");
    }

    @Test
    void rejectsBodies_thatAreNotZlib_endEarly_orDeclareImpossibleLengths() throws IOException {
        byte[] complete = new Stream().chunk("{\"counter\":1}").integer(1).chunk("T 1 1 6 SINGLE_TAG").chunk("[]").finish();
        byte[] truncated = new Stream().chunk("{\"counter\":1}").integer(3).chunk("T 1 1 6 SINGLE_TAG").finish();
        byte[] negativeCount = new Stream().chunk("{\"counter\":1}").integer(-1).finish();
        byte[] hugeChunk = new Stream().integer(Integer.MAX_VALUE).finish();

        assertThat(CompressedRegisterBrokerBodyLayout.decode(complete).topicConfigs()).hasSize(1);
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.decode("plain".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("zlib");
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.decode(truncated))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("ends early");
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.decode(Arrays.copyOf(complete, complete.length / 2)))
                .isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.decode(negativeCount))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> CompressedRegisterBrokerBodyLayout.decode(hugeChunk))
                .isInstanceOf(InvalidBodyException.class).hasMessageContaining("outside");
    }
}
