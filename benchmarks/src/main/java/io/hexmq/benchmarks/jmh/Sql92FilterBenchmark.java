package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an SQL92 subscription costs per message on the pull path: {@link Sql92Filter#matchesStored} on a
 * stored record with the properties an official producer writes (UNIQ_KEY, WAIT, TAGS, KEYS, CLUSTER)
 * plus three user properties, for a message that matches (every condition read) and one that fails the
 * first condition; and compiling the expression, which happens once per expression text.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class Sql92FilterBenchmark {

    static final String TYPICAL = "a > 5 AND b IN ('x','y') AND c IS NOT NULL";

    private Sql92Filter filter;
    private ByteBuffer matching;
    private ByteBuffer failingFirst;

    @Setup
    public void setUp() {
        filter = Sql92Filter.compile(TYPICAL);
        matching = stored("7");
        failingFirst = stored("3");
        if (!filter.matchesStored(matching) || filter.matchesStored(failingFirst)) {
            throw new IllegalStateException("the benchmark's messages do not filter as intended");
        }
    }

    private static ByteBuffer stored(String a) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("UNIQ_KEY", "7F0000012A3B18B4AAC27E3F1B2C0000");
        properties.put("WAIT", "true");
        properties.put("TAGS", "TagA");
        properties.put("KEYS", "order-20240101-000123");
        properties.put("a", a);
        properties.put("b", "y");
        properties.put("c", "present");
        properties.put("CLUSTER", "DefaultCluster");
        MessageEncoder encoder = new MessageEncoder(4096, HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));
        encoder.encode(Message.builder("TopicTest", 0, "payload".getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.encode(properties)).build());
        ByteBuffer record = ByteBuffer.allocateDirect(encoder.encodedLength());
        record.put(0, encoder.encoded(), 0, encoder.encodedLength());
        return record.asReadOnlyBuffer();
    }

    @Benchmark
    public boolean matchingMessage() {
        return filter.matchesStored(matching);
    }

    @Benchmark
    public boolean messageFailingTheFirstCondition() {
        return filter.matchesStored(failingFirst);
    }

    @Benchmark
    public Sql92Filter compile() {
        return Sql92Filter.compile(TYPICAL);
    }
}
