package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.BrokerRegistration;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The NameServer's route table: how fast a route is read (what every client does every 30 s per
 * topic) and how a re-registration (every broker every 30 s, with all its topics) competes with reads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RouteTableBenchmark {

    @Param({"8"})
    int brokers;

    @Param({"1000"})
    int topicsPerBroker;

    private RouteTable table;
    private TopicName[] topics;
    private List<BrokerRegistration> registrations;

    @Setup
    public void fill() {
        table = new RouteTable();
        topics = new TopicName[topicsPerBroker];
        List<TopicConfig> configs = new ArrayList<>();
        for (int t = 0; t < topicsPerBroker; t++) {
            topics[t] = new TopicName("Topic_" + t);
            configs.add(TopicConfig.of(topics[t], 8, 8, Permission.READ_WRITE));
        }
        registrations = new ArrayList<>();
        for (int b = 0; b < brokers; b++) {
            BrokerRegistration registration = new BrokerRegistration(
                    new ClusterName("DefaultCluster"), new BrokerName("broker-" + b),
                    new BrokerAddress("10.0.0." + b + ":10911"), BrokerId.MASTER,
                    Optional.of(new BrokerAddress("10.0.0." + b + ":10912")), Optional.empty(),
                    120_000, false, new DataVersion(1, 1, 0), configs, List.of(),
                    new ConnectionId("broker-connection-" + b));
            registrations.add(registration);
            table.register(registration, 1);
        }
    }

    @Benchmark
    public Optional<TopicRoute> routeLookup() {
        return table.route(topics[ThreadLocalRandom.current().nextInt(topics.length)]);
    }

    @Benchmark
    @Group("readersWithReRegistration")
    @GroupThreads(1)
    public Optional<TopicRoute> reader() {
        return routeLookup();
    }

    @Benchmark
    @Group("readersWithReRegistration")
    @GroupThreads(1)
    public Object reRegistration() {
        BrokerRegistration registration = registrations.get(ThreadLocalRandom.current().nextInt(registrations.size()));
        return table.register(registration, 2);
    }
}
