package io.hexmq.bootstrap.config;

import io.hexmq.adapters.netty.broker.RegisterBrokerEncoding;
import io.hexmq.adapters.ratis.GroupSettings;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.ReplySettings;
import io.hexmq.application.pop.PopSettings;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.remoting.client.ClientTls;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Everything a Broker is told at start, read once with RocketMQ's property names
 * ({@code brokerClusterName}, {@code brokerName}, {@code listenPort}, {@code namesrvAddr},
 * {@code storePathRootDir}, {@code flushDiskType}, ...), validated here so that a bad value stops the
 * launch with one line instead of failing later.
 *
 * @param listen                 where the remoting server binds ({@code bindAddress}, {@code listenPort})
 * @param nameServers            {@code namesrvAddr}: every NameServer the broker registers with
 * @param settings               what the broker's use cases obey
 * @param storeType              which message store adapter serves this broker
 * @param store                  the store's own settings (both adapters read what applies to them)
 * @param workerThreads          threads for send and admin requests
 * @param pullThreads            threads for pull requests
 * @param channelMaxIdleSeconds  idle client connections are closed after this long
 * @param maxFrameLength         larger frames close their connection
 * @param properties             the effective settings, as GET_BROKER_CONFIG reports them
 * @param messageDelayLevel      {@code messageDelayLevel}: the delay of each level, "1s 5s ... 2h"
 * @param reply                  request-reply: {@code storeReplyMessageEnable}
 * @param transaction            {@code transactionTimeOut}, {@code transactionCheckInterval} (ms) and
 *                               {@code transactionCheckMax}
 * @param timerMaxDelaySec       {@code timerMaxDelaySec}: how far ahead a timer message may be due (259200 s)
 * @param recallMessageEnable    {@code recallMessageEnable}: producers may recall a timer message (off)
 * @param registration           how the broker registers with its NameServers
 * @param pop                    broker-side assignment: {@code defaultMessageRequestMode} (PULL or POP) and
 *                               {@code defaultPopShareQueueNum}
 * @param replication            the broker group this broker is one replica of ({@link ReplicationSettings});
 *                               empty for a broker on its own, the default
 * @param auth                   ACL 2.0: authentication, authorization, the first users
 * @param plainAcl               ACL 1.0: {@code aclEnable} and its {@code plain_acl.yml}
 * @param tls                    TLS of the ports and of the broker's connections to its NameServers
 * @param trace                  message trace: {@code regionId}, {@code traceOn}, {@code traceTopicEnable},
 *                               {@code msgTraceTopicName}
 * @param metrics                {@code metricsExporterType} and the Prometheus endpoint's host and port
 * @param console                the web console: {@code consoleEnable}, {@code consoleHost}, {@code consolePort}
 * @param clientCallbackExecutorThreads {@code clientCallbackExecutorThreads}: the I/O threads of the broker's own
 *                               client (to its NameServers and consumers), which run that client's callbacks as
 *                               RocketMQ's callback executor does; RocketMQ's default, the processor count
 */
public record BrokerConfig(
        HostPort listen,
        List<String> nameServers,
        BrokerSettings settings,
        StoreType storeType,
        StoreConfig store,
        int workerThreads,
        int pullThreads,
        int channelMaxIdleSeconds,
        int maxFrameLength,
        String properties,
        DelayLevels messageDelayLevel,
        ReplySettings reply,
        TransactionSettings transaction,
        long timerMaxDelaySec,
        boolean recallMessageEnable,
        RegistrationConfig registration,
        PopSettings pop,
        Optional<GroupSettings> replication,
        AuthConfig auth,
        PlainAclConfig plainAcl,
        TlsConfig tls,
        TraceSettings trace,
        MetricsConfig metrics,
        ConsoleConfig console,
        int clientCallbackExecutorThreads) {

    public static final int DEFAULT_PORT = 10911;

    /**
     * @param coalesce       {@code registerNameServerCoalesceMillis}: how long after a change to the topic
     *                       table the broker registers it, so a burst of changes costs one registration
     *                       (100 ms)
     * @param requestTimeout {@code registerBrokerTimeoutMills}: how long one registration waits for the
     *                       NameServers' answers (24 s)
     * @param encoding       {@code compressedRegister}, {@code enableSplitRegistration},
     *                       {@code splitRegistrationSize} and the frame limit the bodies must fit in
     */
    public record RegistrationConfig(Duration coalesce, Duration requestTimeout, RegisterBrokerEncoding encoding) {

        public static final Duration DEFAULT_COALESCE = Duration.ofMillis(100);
        public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(24);

        public RegistrationConfig {
            if (coalesce.isNegative()) {
                throw new IllegalArgumentException("registerNameServerCoalesceMillis must not be negative: "
                        + coalesce.toMillis());
            }
            if (requestTimeout.toMillis() <= 0) {
                throw new IllegalArgumentException("registerBrokerTimeoutMills must be positive: "
                        + requestTimeout.toMillis());
            }
        }
    }

    /** The message store adapters a broker can run on. */
    public enum StoreType { FILE, CHRONICLE }

    /** Store settings with RocketMQ's names; each adapter takes the ones it knows. */
    public record StoreConfig(
            Path storePathRootDir,
            int mappedFileSizeCommitLog,
            int mappedFileSizeConsumeQueue,
            String flushDiskType,
            int flushIntervalCommitLog,
            int fileReservedTime,
            int diskMaxUsedSpaceRatio,
            int maxMessageSize,
            String rollCycle,
            int maxHashSlotNum,
            int maxIndexNum) {
    }

    /** The VIP port old clients use: RocketMQ's {@code listenPort - 2}. */
    public HostPort fastListen() {
        return listen.port() == 0 ? new HostPort(listen.host(), 0) : new HostPort(listen.host(), listen.port() - 2);
    }

    public Path stateDirectory() {
        return store.storePathRootDir().resolve("config");
    }

    public static BrokerConfig from(RawConfig raw) throws LaunchException {
        try {
            String bindAddress = raw.string("bindAddress", "127.0.0.1");
            int listenPort = raw.integer("listenPort", DEFAULT_PORT);
            String advertised = raw.string("brokerIP1", "0.0.0.0".equals(bindAddress) ? "127.0.0.1" : bindAddress);
            int haPort = raw.integer("haListenPort", listenPort + 1);
            ClusterName cluster = new ClusterName(raw.string("brokerClusterName", "DefaultCluster"));
            BrokerName name = new BrokerName(raw.string("brokerName", "broker-a"));
            BrokerSettings defaults = BrokerSettings.defaults(cluster, name,
                    new BrokerAddress(advertised + ":" + listenPort),
                    new BrokerAddress(raw.string("brokerIP2", advertised) + ":" + haPort));
            BrokerSettings settings = new BrokerSettings(
                    cluster, name,
                    new BrokerId(raw.longValue("brokerId", 0)),
                    defaults.brokerAddress(), defaults.haServerAddress(),
                    new Permission(raw.integer("brokerPermission", defaults.brokerPermission().bits())),
                    raw.bool("autoCreateTopicEnable", defaults.autoCreateTopicEnable()),
                    raw.integer("defaultTopicQueueNums", defaults.defaultTopicQueueNums()),
                    raw.bool("clusterTopicEnable", defaults.clusterTopicEnable()),
                    raw.bool("brokerTopicEnable", defaults.brokerTopicEnable()),
                    raw.bool("validateSystemTopicWhenUpdateTopic", defaults.validateSystemTopicWhenUpdateTopic()),
                    raw.bool("autoCreateSubscriptionGroup", defaults.autoCreateSubscriptionGroup()),
                    Duration.ofMillis(raw.longValue("channelExpiredTimeout", defaults.channelExpiredTimeout().toMillis())),
                    Duration.ofMillis(raw.longValue("lockMaxLiveTime", defaults.lockMaxLiveTime().toMillis())),
                    Duration.ofMillis(raw.longValue("registerNameServerPeriod",
                            defaults.registerNameServerPeriod().toMillis())),
                    Duration.ofMillis(raw.longValue("flushConsumerOffsetInterval",
                            defaults.flushConsumerOffsetInterval().toMillis())),
                    raw.bool("enablePropertyFilter", defaults.enablePropertyFilter()));
            StoreConfig store = new StoreConfig(
                    Path.of(raw.string("storePathRootDir", "data/store")),
                    raw.integer("mappedFileSizeCommitLog", 1024 * 1024 * 1024),
                    raw.integer("mappedFileSizeConsumeQueue", 300_000 * 20),
                    raw.string("flushDiskType", "ASYNC_FLUSH").toUpperCase(Locale.ROOT),
                    raw.integer("flushIntervalCommitLog", 500),
                    raw.integer("fileReservedTime", 72),
                    raw.integer("diskMaxUsedSpaceRatio", 75),
                    raw.integer("maxMessageSize", 4 * 1024 * 1024),
                    raw.string("rollCycle", "FAST_DAILY"),
                    raw.integer("maxHashSlotNum", 5_000_000),
                    raw.integer("maxIndexNum", 20_000_000));
            if (!store.flushDiskType().equals("ASYNC_FLUSH") && !store.flushDiskType().equals("SYNC_FLUSH")) {
                throw new IllegalArgumentException("flushDiskType must be ASYNC_FLUSH or SYNC_FLUSH, got "
                        + store.flushDiskType());
            }
            StoreType storeType = parseStoreType(raw.string("storeType", "file"));
            List<String> nameServers = Arrays.stream(raw.string("namesrvAddr", "127.0.0.1:9876").split(";"))
                    .map(String::trim).filter(s -> !s.isEmpty()).toList();
            if (nameServers.isEmpty()) {
                throw new IllegalArgumentException("namesrvAddr must name at least one NameServer");
            }
            int workers = raw.integer("sendMessageThreadPoolNums", 4);
            int pulls = raw.integer("pullMessageThreadPoolNums", 8);
            int idle = raw.integer("serverChannelMaxIdleTimeSeconds", 120);
            int frame = raw.integer("com.rocketmq.remoting.frameMaxLength", 16 * 1024 * 1024);
            int callbackThreads = raw.integer("clientCallbackExecutorThreads", Runtime.getRuntime().availableProcessors());
            if (workers <= 0 || pulls <= 0 || idle <= 0 || frame < 1024 || callbackThreads <= 0) {
                throw new IllegalArgumentException("thread counts, idle time and frame length must be positive");
            }
            String delayText = raw.string("messageDelayLevel", DelayLevels.DEFAULT_TEXT);
            DelayLevels delayLevels = DelayLevels.parse(delayText);
            ReplySettings reply = new ReplySettings(raw.bool("storeReplyMessageEnable",
                    ReplySettings.defaults().storeReplyMessageEnable()));
            TransactionSettings txDefaults = TransactionSettings.defaults();
            TransactionSettings transaction = new TransactionSettings(
                    Duration.ofMillis(raw.longValue("transactionTimeOut", txDefaults.transactionTimeOut().toMillis())),
                    Duration.ofMillis(raw.longValue("transactionCheckInterval",
                            txDefaults.transactionCheckInterval().toMillis())),
                    raw.integer("transactionCheckMax", txDefaults.transactionCheckMax()));
            long timerMaxDelaySec = raw.longValue("timerMaxDelaySec", MessageSettings.DEFAULT_TIMER_MAX_DELAY_SEC);
            if (timerMaxDelaySec <= 0) {
                throw new IllegalArgumentException("timerMaxDelaySec must be positive: " + timerMaxDelaySec);
            }
            boolean recallMessageEnable = raw.bool("recallMessageEnable", false);
            RegistrationConfig registration = new RegistrationConfig(
                    Duration.ofMillis(raw.longValue("registerNameServerCoalesceMillis",
                            RegistrationConfig.DEFAULT_COALESCE.toMillis())),
                    Duration.ofMillis(raw.longValue("registerBrokerTimeoutMills",
                            RegistrationConfig.DEFAULT_REQUEST_TIMEOUT.toMillis())),
                    new RegisterBrokerEncoding(raw.bool("compressedRegister", false),
                            raw.bool("enableSplitRegistration", false),
                            raw.integer("splitRegistrationSize", RegisterBrokerEncoding.DEFAULT_SPLIT_REGISTRATION_SIZE),
                            frame));
            PopSettings popDefaults = PopSettings.defaults();
            PopSettings pop = new PopSettings(
                    MessageRequestMode.valueOf(raw.string("defaultMessageRequestMode",
                            popDefaults.defaultMessageRequestMode().name()).toUpperCase(Locale.ROOT)),
                    raw.integer("defaultPopShareQueueNum", popDefaults.defaultPopShareQueueNum()),
                    raw.integer("popPollingSize", popDefaults.popPollingSize()),
                    raw.longValue("maxPopPollingSize", popDefaults.maxPopPollingSize()));
            Optional<GroupSettings> replication = ReplicationSettings.from(raw, name, store.storePathRootDir(),
                    store.flushDiskType());
            ReplicationSettings.refuseUnknown(raw);
            AuthConfig auth = AuthConfig.from(raw);
            PlainAclConfig plainAcl = PlainAclConfig.from(raw, System.getProperties(), System.getenv());
            TlsConfig tls = TlsConfig.from(raw, System.getProperties());
            MetricsConfig metrics = MetricsConfig.from(raw);
            ConsoleConfig console = ConsoleConfig.from(raw, ConsoleConfig.unsupportedSecurity(auth, plainAcl));
            TraceSettings traceDefaults = TraceSettings.defaults();
            TraceSettings trace = new TraceSettings(raw.string("regionId", traceDefaults.regionId()),
                    raw.bool("traceOn", traceDefaults.traceOn()),
                    raw.bool("traceTopicEnable", traceDefaults.traceTopicEnable()),
                    new TopicName(raw.string("msgTraceTopicName", traceDefaults.msgTraceTopicName().value())));
            HostPort listen = new HostPort(bindAddress, listenPort);
            String properties = describe(listen, nameServers, settings, storeType, store)
                    + "sendMessageThreadPoolNums=" + workers + "\n"
                    + "pullMessageThreadPoolNums=" + pulls + "\n"
                    + "serverChannelMaxIdleTimeSeconds=" + idle + "\n"
                    + "com.rocketmq.remoting.frameMaxLength=" + frame + "\n"
                    + "clientCallbackExecutorThreads=" + callbackThreads + "\n"
                    + "messageDelayLevel=" + delayText + "\n"
                    + "storeReplyMessageEnable=" + reply.storeReplyMessageEnable() + "\n"
                    + "transactionTimeOut=" + transaction.transactionTimeOut().toMillis() + "\n"
                    + "transactionCheckInterval=" + transaction.transactionCheckInterval().toMillis() + "\n"
                    + "transactionCheckMax=" + transaction.transactionCheckMax() + "\n"
                    + "timerMaxDelaySec=" + timerMaxDelaySec + "\n"
                    + "recallMessageEnable=" + recallMessageEnable + "\n"
                    + "registerNameServerCoalesceMillis=" + registration.coalesce().toMillis() + "\n"
                    + "registerBrokerTimeoutMills=" + registration.requestTimeout().toMillis() + "\n"
                    + "compressedRegister=" + registration.encoding().compressedRegister() + "\n"
                    + "enableSplitRegistration=" + registration.encoding().enableSplitRegistration() + "\n"
                    + "splitRegistrationSize=" + registration.encoding().splitRegistrationSize() + "\n"
                    + "defaultMessageRequestMode=" + pop.defaultMessageRequestMode() + "\n"
                    + "defaultPopShareQueueNum=" + pop.defaultPopShareQueueNum() + "\n"
                    + "popPollingSize=" + pop.popPollingSize() + "\n"
                    + "maxPopPollingSize=" + pop.maxPopPollingSize() + "\n"
                    + ReplicationSettings.describe(replication)
                    + "authenticationEnabled=" + auth.settings().authenticationEnabled() + "\n"
                    + "authorizationEnabled=" + auth.settings().authorizationEnabled() + "\n"
                    + "authenticationWhitelist=" + auth.describeWhitelist() + "\n"
                    + "aclEnable=" + plainAcl.enabled() + "\n"
                    + "aclConfigFile=" + plainAcl.file() + "\n"
                    + "regionId=" + trace.regionId() + "\n"
                    + "traceOn=" + trace.traceOn() + "\n"
                    + "traceTopicEnable=" + trace.traceTopicEnable() + "\n"
                    + "msgTraceTopicName=" + trace.msgTraceTopicName().value() + "\n"
                    // mqadmin exportConfigs copies these three; hexmq has no master-slave roles, so it reports
                    // RocketMQ's defaults, as a DLedger broker reports the role it ignores, and reads from no slave
                    + "brokerRole=ASYNC_MASTER\n"
                    + "slaveReadEnable=false\n"
                    + "useTLS=" + (tls.client() != ClientTls.NONE) + "\n"
                    + metrics.describe()
                    + console.describe();
            return new BrokerConfig(listen, nameServers, settings, storeType, store, workers, pulls, idle, frame,
                    properties, delayLevels, reply, transaction, timerMaxDelaySec, recallMessageEnable, registration,
                    pop, replication, auth, plainAcl, tls, trace, metrics, console, callbackThreads);
        } catch (IllegalArgumentException e) {
            throw new LaunchException("invalid Broker setting: " + e.getMessage(), e);
        } catch (io.hexmq.domain.DomainException e) {
            throw new LaunchException("invalid Broker setting: " + e.getMessage(), e);
        }
    }

    private static StoreType parseStoreType(String value) {
        try {
            return StoreType.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("storeType must be file or chronicle, got '" + value + "'");
        }
    }

    private static String describe(HostPort listen, List<String> nameServers, BrokerSettings settings,
                                   StoreType storeType, StoreConfig store) {
        StringBuilder text = new StringBuilder();
        line(text, "brokerClusterName", settings.brokerClusterName().value());
        line(text, "brokerName", settings.brokerName().value());
        line(text, "brokerId", settings.brokerId().value());
        line(text, "brokerIP1", settings.brokerAddress().value().replaceAll(":\\d+$", ""));
        line(text, "brokerIP2", settings.haServerAddress().value().replaceAll(":\\d+$", ""));
        line(text, "haListenPort", settings.haServerAddress().value().replaceAll("^.*:", ""));
        line(text, "bindAddress", listen.host());
        line(text, "listenPort", listen.port());
        line(text, "namesrvAddr", String.join(";", nameServers));
        line(text, "brokerPermission", settings.brokerPermission().bits());
        line(text, "autoCreateTopicEnable", settings.autoCreateTopicEnable());
        line(text, "autoCreateSubscriptionGroup", settings.autoCreateSubscriptionGroup());
        line(text, "defaultTopicQueueNums", settings.defaultTopicQueueNums());
        line(text, "enablePropertyFilter", settings.enablePropertyFilter());
        line(text, "clusterTopicEnable", settings.clusterTopicEnable());
        line(text, "brokerTopicEnable", settings.brokerTopicEnable());
        line(text, "validateSystemTopicWhenUpdateTopic", settings.validateSystemTopicWhenUpdateTopic());
        line(text, "channelExpiredTimeout", settings.channelExpiredTimeout().toMillis());
        line(text, "lockMaxLiveTime", settings.lockMaxLiveTime().toMillis());
        line(text, "registerNameServerPeriod", settings.registerNameServerPeriod().toMillis());
        line(text, "flushConsumerOffsetInterval", settings.flushConsumerOffsetInterval().toMillis());
        line(text, "storeType", storeType.name().toLowerCase(Locale.ROOT));
        line(text, "storePathRootDir", store.storePathRootDir());
        line(text, "mappedFileSizeCommitLog", store.mappedFileSizeCommitLog());
        line(text, "mappedFileSizeConsumeQueue", store.mappedFileSizeConsumeQueue());
        line(text, "flushDiskType", store.flushDiskType());
        line(text, "flushIntervalCommitLog", store.flushIntervalCommitLog());
        line(text, "maxHashSlotNum", store.maxHashSlotNum());
        line(text, "maxIndexNum", store.maxIndexNum());
        line(text, "rollCycle", store.rollCycle());
        line(text, "fileReservedTime", store.fileReservedTime());
        line(text, "diskMaxUsedSpaceRatio", store.diskMaxUsedSpaceRatio());
        line(text, "maxMessageSize", store.maxMessageSize());
        return text.toString();
    }

    private static void line(StringBuilder text, String key, Object value) {
        text.append(key).append('=').append(value).append('\n');
    }
}
