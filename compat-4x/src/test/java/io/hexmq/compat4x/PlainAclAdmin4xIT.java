package io.hexmq.compat4x;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.LauncherProcess;
import io.hexmq.bootstrap.RestartPorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.PosixParser;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.srvutil.ServerUtil;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.apache.rocketmq.tools.command.SubCommand;
import org.apache.rocketmq.tools.command.acl.ClusterAclConfigVersionListSubCommand;
import org.apache.rocketmq.tools.command.acl.DeleteAccessConfigSubCommand;
import org.apache.rocketmq.tools.command.acl.UpdateAccessConfigSubCommand;
import org.apache.rocketmq.tools.command.acl.UpdateGlobalWhiteAddrSubCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official 4.9.8 {@code mqadmin updateAclConfig}, {@code updateGlobalWhiteAddr}, {@code clusterAclConfigVersion}
 * and {@code deleteAclConfig}
 * (their sub-command classes, signed as {@code conf/tools.yml} would sign them) against hexmq started as a user
 * starts it: {@code hexmq standalone -c conf/broker.conf} with {@code aclEnable=true} in a directory whose
 * {@code conf/plain_acl.yml} holds the accounts, found where RocketMQ finds it. Each change is written back to that
 * file and takes effect at once.
 */
class PlainAclAdmin4xIT {

    private static final Pattern BROKER_LISTENING = Pattern.compile("Broker broker-a of cluster .* listening on");
    private static final String TOPIC = "acl1-admin-4x";
    private static final RPCHook ADMIN = new AclClientRPCHook(new SessionCredentials("admin-4x", "admin-secret"));

    @TempDir
    Path home;

    @Test
    void officialMqadminCreatesReadsTheVersionOfAndDeletesAnAccount() throws Exception {
        Path conf = Files.createDirectories(home.resolve("conf"));
        Path aclFile = conf.resolve("plain_acl.yml");
        Files.writeString(aclFile, """
                accounts:
                  - accessKey: admin-4x
                    secretKey: admin-secret
                    admin: true
                """);
        Files.writeString(conf.resolve("broker.conf"), "aclEnable=true\ndiskMaxUsedSpaceRatio=95\n");
        int nameServerPort = RestartPorts.port();
        String broker = "127.0.0.1:" + RestartPorts.brokerPort();
        String nameServer = "127.0.0.1:" + nameServerPort;
        String previous = System.getProperty(MixAll.NAMESRV_ADDR_PROPERTY);
        try (LauncherProcess hexmq = LauncherProcess.start(home, "standalone", "-c", "conf/broker.conf",
                "--data", home.resolve("data").toString(), "--namesrv-listen", nameServer, "--broker-listen", broker)) {
            hexmq.awaitLine(BROKER_LISTENING);
            // mqadmin's -n option sets this property; its sub-commands read the NameServer from it.
            System.setProperty(MixAll.NAMESRV_ADDR_PROPERTY, nameServer);
            long versionBefore = aclVersion(broker);
            createTopic(nameServer, broker);

            run(new UpdateAccessConfigSubCommand(), "-b", broker, "-a", "mqadmin-made", "-s", "made-secret",
                    "-t", TOPIC + "=PUB", "-u", "SUB", "-m", "false");

            assertThat(Files.readString(aclFile)).contains("mqadmin-made", TOPIC + "=PUB");
            assertThat(send(nameServer, "mqadmin-made", "made-secret")).isEqualTo(SendStatus.SEND_OK);
            run(new UpdateGlobalWhiteAddrSubCommand(), "-b", broker, "-g", "10.9.8.*,10.9.7.1");
            assertThat(Files.readString(aclFile)).contains("globalWhiteRemoteAddresses:", "10.9.8.*", "10.9.7.1");
            run(new ClusterAclConfigVersionListSubCommand(), "-b", broker);
            assertThat(aclVersion(broker)).isGreaterThan(versionBefore);

            run(new DeleteAccessConfigSubCommand(), "-b", broker, "-a", "mqadmin-made");

            assertThat(Files.readString(aclFile)).doesNotContain("mqadmin-made").contains("admin-4x");
            assertThatThrownBy(() -> send(nameServer, "mqadmin-made", "made-secret"))
                    .hasStackTraceContaining("No acl config for mqadmin-made");
        } finally {
            if (previous == null) {
                System.clearProperty(MixAll.NAMESRV_ADDR_PROPERTY);
            } else {
                System.setProperty(MixAll.NAMESRV_ADDR_PROPERTY, previous);
            }
        }
    }

    private static void run(SubCommand command, String... args) throws Exception {
        Options options = command.buildCommandlineOptions(ServerUtil.buildCommandlineOptions(new Options()));
        CommandLine line = new PosixParser().parse(options, args);
        command.execute(line, options, ADMIN);
    }

    private static long aclVersion(String broker) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(ADMIN, 5_000);
        admin.setInstanceName("acl1-admin-version-" + System.nanoTime());
        admin.start();
        try {
            return admin.examineBrokerClusterAclVersionInfo(broker).getAclConfigDataVersion().getCounter().get();
        } finally {
            admin.shutdown();
        }
    }

    private static void createTopic(String nameServer, String broker) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(ADMIN, 5_000);
        admin.setNamesrvAddr(nameServer);
        admin.setInstanceName("acl1-admin-topic-" + System.nanoTime());
        admin.start();
        try {
            admin.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 1, 1, 6));
            Await.until("the route of " + TOPIC, () -> {
                try {
                    return !admin.examineTopicRouteInfo(TOPIC).getQueueDatas().isEmpty();
                } catch (Exception notYet) {
                    return false;
                }
            });
        } finally {
            admin.shutdown();
        }
    }

    private static SendStatus send(String nameServer, String accessKey, String secretKey) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("pg-acl1-admin-4x",
                new AclClientRPCHook(new SessionCredentials(accessKey, secretKey)));
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("acl1-admin-producer-" + System.nanoTime());
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        try {
            return producer.send(new Message(TOPIC, "T", "made".getBytes(StandardCharsets.UTF_8))).getSendStatus();
        } finally {
            producer.shutdown();
        }
    }
}
