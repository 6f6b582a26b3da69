package io.hexmq.compatproxy;

import io.hexmq.bootstrap.Hexmq;
import io.hexmq.bootstrap.LauncherProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import picocli.CommandLine;

/**
 * A hexmq standalone in a child process, as a user runs it, and in front of it the official RocketMQ Proxy
 * in cluster mode in a second child process, pointed at hexmq's NameServer: what a RocketMQ 5.x gRPC
 * application sees. hexmq binds loopback; the proxy has no bind setting and listens on every address, so
 * tests reach it only through {@link #endpoint()} on 127.0.0.1. Its ports are picked free at start.
 *
 * <p>The proxy runs from its own classpath (its gRPC and protobuf classes clash with the 5.x client's) and
 * writes its logs under {@code user.home}, which is pointed into the run's directory so nothing lands in the
 * real home. Closing ends the proxy first, then hexmq, then deletes the directory.
 */
final class ProxiedHexmq implements AutoCloseable {

    private static final Pattern BROKER_LISTENING =
            Pattern.compile("Broker broker-a of cluster DefaultCluster listening on (\\S+)");
    private static final Pattern PROXY_STARTED = Pattern.compile("rocketmq-proxy startup successfully");
    private static final String PROXY_MAIN = "org.apache.rocketmq.proxy.ProxyStartup";

    private final Path workDir;
    private final List<LauncherProcess> processes = new ArrayList<>();
    private LauncherProcess hexmq;
    private LauncherProcess proxy;
    private int nameServerPort;
    private int grpcPort;
    private String brokerAddress;

    private ProxiedHexmq(Path workDir) {
        this.workDir = workDir;
    }

    static ProxiedHexmq start() {
        ProxiedHexmq servers;
        try {
            servers = new ProxiedHexmq(Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")),
                    "hexmq-proxy-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            servers.startBoth();
            return servers;
        } catch (Exception | AssertionError e) {
            servers.close();
            throw new AssertionError("hexmq and the proxy did not start", e);
        }
    }

    private void startBoth() throws IOException, InterruptedException, URISyntaxException {
        nameServerPort = freePort();
        Path hexmqDir = Files.createDirectories(workDir.resolve("hexmq"));
        hexmq = started(LauncherProcess.start(hexmqDir, "standalone",
                "--data", hexmqDir.resolve("data").toString(),
                "--namesrv-listen", "127.0.0.1:" + nameServerPort, "--broker-listen", "127.0.0.1:0",
                "--store", "file", "-DconsolePort=0", "-DmappedFileSizeCommitLog=8388608",
                "-DenablePropertyFilter=true", "-DrecallMessageEnable=true",
                // a transaction left open is checked back within seconds, not RocketMQ's minute
                "-DtransactionTimeOut=1000", "-DtransactionCheckInterval=1000",
                // the build machine's disk, not this test, decides how full it is
                "-DdiskMaxUsedSpaceRatio=95"));
        brokerAddress = hexmq.awaitLine(BROKER_LISTENING);

        grpcPort = freePort();
        Path proxyDir = Files.createDirectories(workDir.resolve("proxy"));
        Path config = proxyDir.resolve("rmq-proxy.json");
        Files.writeString(config, proxyConfig(nameServerPort, grpcPort, freePort()), StandardCharsets.UTF_8);
        proxy = started(LauncherProcess.startMain(proxyDir, proxyClasspath(),
                List.of("-Duser.home=" + proxyDir, "-Xmx256m", "-Dlogback.configurationFile=" + resource("proxy-logback.xml")),
                PROXY_MAIN, "-pc", config.toString(), "-pm", "cluster"));
        proxy.awaitLine(PROXY_STARTED);
    }

    private LauncherProcess started(LauncherProcess process) {
        processes.add(0, process);
        return process;
    }

    /**
     * The proxy's configuration in cluster mode, as README shows it, with this run's ports. A PushConsumer's
     * close waits for its receives still parked at the broker, each for as long as the proxy lets it poll, so
     * the poll is held to 5 s, as README advises an operator, not the proxy's 20 s.
     */
    static String proxyConfig(int nameServerPort, int grpcPort, int remotingPort) {
        return "{\n"
                + "  \"rocketMQClusterName\": \"DefaultCluster\",\n"
                + "  \"namesrvAddr\": \"127.0.0.1:" + nameServerPort + "\",\n"
                + "  \"grpcServerPort\": " + grpcPort + ",\n"
                + "  \"remotingListenPort\": " + remotingPort + ",\n"
                + "  \"grpcClientConsumerMaxLongPollingTimeoutMillis\": 5000\n"
                + "}\n";
    }

    /** The proxy's own libraries, which Maven lists for this module apart from the test's (see pom.xml). */
    private static String proxyClasspath() throws IOException {
        return Files.readString(Path.of(System.getProperty("proxy.classpath.file")), StandardCharsets.UTF_8).trim();
    }

    private static String resource(String name) throws URISyntaxException {
        return Path.of(ProxiedHexmq.class.getClassLoader().getResource(name).toURI()).toString();
    }

    /**
     * {@code hexmq admin topic create TOPIC -q QUEUES --attribute +message.type=TYPE -n <this NameServer>}, as
     * a user creates a topic before a 5.x client uses it: the proxy creates none.
     */
    void createTopic(String topic, String messageType, int queues) {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new Hexmq());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        int exit = cli.execute("admin", "topic", "create", topic, "-q", Integer.toString(queues),
                "--attribute", "+message.type=" + messageType, "-n", nameServer());
        if (exit != 0) {
            throw new AssertionError("topic create " + topic + " exited " + exit + ":\n" + out);
        }
    }

    /** Where the 5.x client reaches the proxy. */
    String endpoint() {
        return "127.0.0.1:" + grpcPort;
    }

    String nameServer() {
        return "127.0.0.1:" + nameServerPort;
    }

    String brokerAddress() {
        return brokerAddress;
    }

    /** CPU used so far by the hexmq process. */
    Duration hexmqCpu() {
        return hexmq.cpuTime();
    }

    /** CPU used so far by the proxy process. */
    Duration proxyCpu() {
        return proxy.cpuTime();
    }

    /**
     * A consumer group as RocketMQ's {@code mqadmin updateSubGroup} writes it (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
     * through the official remoting client), for what the proxy reads from it: orderly, retries.
     */
    void createGroup(String group, boolean orderly, int retryMaxTimes) throws Exception {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        config.setConsumeMessageOrderly(orderly);
        config.setRetryMaxTimes(retryMaxTimes);
        withAdmin(admin -> {
            admin.createSubscriptionGroup(brokerAddress, config, 5_000);
            return null;
        });
    }

    /**
     * What hexmq's broker answers QUERY_SUBSCRIPTION_BY_CONSUMER for the group on the topic (through the official
     * remoting client, as {@code mqadmin} asks), null when it knows no such subscription.
     */
    SubscriptionData subscription(String group, String topic) throws Exception {
        return withAdmin(admin -> admin.querySubscriptionByConsumer(brokerAddress, group, topic, 5_000));
    }

    private <T> T withAdmin(AdminCall<T> call) throws Exception {
        DefaultMQProducer admin = new DefaultMQProducer("pg-admin-" + System.nanoTime());
        admin.setNamesrvAddr(nameServer());
        admin.setInstanceName(admin.getProducerGroup());
        admin.start();
        try {
            return call.on(admin.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl());
        } finally {
            admin.shutdown();
        }
    }

    private interface AdminCall<T> {
        T on(MQClientAPIImpl admin) throws Exception;
    }

    @Override
    public void close() {
        for (LauncherProcess process : processes) {
            try {
                process.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.close();
            }
        }
        try (Stream<Path> paths = Files.walk(workDir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }
}
