package io.hexmq.client.internal.remote;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoredMessage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes the stored-message records brokers return (PULL, QUERY_MESSAGE, VIEW_MESSAGE_BY_ID bodies;
 * protocol.md §3.1) into {@link ReceivedMessage}s. Records lie back to back; decoding stops at the
 * end of the body or at the first record that is not one (as the official client does). Compressed
 * bodies are inflated when zlib-compressed; LZ4 and ZSTD are not supported and fail the decode.
 */
public final class MessageDecoding {

    private static final int COMPRESSION_SHIFT = 8;
    private static final int LZ4 = 1;
    private static final int ZSTD = 2;

    private MessageDecoding() {
    }

    public static List<ReceivedMessage> decodeAll(byte[] body) {
        ByteBuffer buffer = ByteBuffer.wrap(body);
        List<ReceivedMessage> messages = new ArrayList<>();
        while (buffer.remaining() >= MessageLayout.MIN_RECORD_LENGTH) {
            int at = buffer.position();
            int size = MessageLayout.totalSize(buffer, at);
            if (size < MessageLayout.MIN_RECORD_LENGTH || size > buffer.remaining()
                    || MessageLayout.magicCode(buffer, at) != MessageLayout.MAGIC_CODE_V1) {
                break;
            }
            messages.add(toReceived(StoredMessage.decode(buffer)));
            buffer.position(at + size);
        }
        return messages;
    }

    static ReceivedMessage toReceived(StoredMessage stored) {
        Map<String, String> properties = MessageProperties.decode(stored.properties());
        String offsetMsgId = stored.offsetMessageId();
        String msgId = properties.getOrDefault(MessageProperties.UNIQ_KEY, offsetMsgId);
        return new ReceivedMessage(stored.topic(), stored.queueId(), stored.queueOffset(), msgId, offsetMsgId,
                stored.commitLogOffset(), body(stored), properties, stored.flag(), stored.bornTimestamp(),
                stored.bornHost().toString(), stored.storeTimestamp(), stored.storeHost().toString(),
                stored.reconsumeTimes());
    }

    private static byte[] body(StoredMessage stored) {
        if ((stored.sysFlag() & MessageSysFlag.COMPRESSED) == 0) {
            return stored.body();
        }
        int type = (stored.sysFlag() & MessageSysFlag.COMPRESSION_TYPE_MASK) >> COMPRESSION_SHIFT;
        if (type == LZ4 || type == ZSTD) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "message " + stored.offsetMessageId()
                    + " is compressed with " + (type == LZ4 ? "LZ4" : "ZSTD") + ", which this client does not read");
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(stored.body());
            ByteArrayOutputStream out = new ByteArrayOutputStream(stored.body().length * 4);
            byte[] chunk = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "message " + stored.offsetMessageId()
                    + " has a corrupt compressed body", e);
        } finally {
            inflater.end();
        }
    }
}
