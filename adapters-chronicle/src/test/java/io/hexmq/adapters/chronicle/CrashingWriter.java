package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The writer {@link ChronicleCrashTest} runs in a child JVM and kills. Prints one line
 * {@code ACK queueOffset commitLogOffset} per acknowledged append, flushed at once.
 *
 * <p>Modes: {@code forever} appends until killed; {@code halt-mid-append N} appends N messages, then
 * starts one more Chronicle document, writes half a record into it and halts the JVM, as a process dies
 * in the middle of an append.
 */
public final class CrashingWriter {

    static final String TOPIC = "CrashTopic";
    static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);

    private CrashingWriter() {
    }

    public static void main(String[] args) {
        Path root = Path.of(args[0]);
        String mode = args[1];
        ChronicleMessageStore store = TestStores.store(TestStores.settings(root), STORE_HOST, System::currentTimeMillis);
        store.start();
        long count = mode.equals("forever") ? Long.MAX_VALUE : Long.parseLong(args[2]);
        for (long i = 0; i < count; i++) {
            AppendResult result = store.append(message(i));
            if (!result.isOk()) {
                throw new IllegalStateException("append failed: " + result);
            }
            System.out.println("ACK " + result.queueOffset() + " " + result.commitLogOffset());
            System.out.flush();
        }
        haltMidAppend(root, message(count));
    }

    static Message message(long i) {
        return Message.builder(TOPIC, 0, ("m" + i).getBytes(StandardCharsets.UTF_8)).build();
    }

    private static void haltMidAppend(Path root, Message next) {
        MessageEncoder encoder = new MessageEncoder(4096, STORE_HOST);
        encoder.encode(next);
        int half = encoder.encodedLength() / 2;
        SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(root.resolve("chronicle"))
            .rollCycle(RollCycles.valueOf(TestStores.settings(root).rollCycle())).build();
        DocumentContext unfinished = queue.createAppender().writingDocument();
        unfinished.wire().bytes().write(encoder.encoded().array(), 0, half);
        System.out.println("HALT");
        System.out.flush();
        Runtime.getRuntime().halt(9);
    }
}
