package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.broker.port.NameServerGateway;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's side of REGISTER_BROKER (103) and UNREGISTER_BROKER (104), sent to every NameServer
 * of a fixed list at once over one {@link NettyRemotingClient}.
 *
 * <p>REGISTER_BROKER carries the official header (brokerName, brokerAddr, clusterName, haServerAddr,
 * brokerId, heartbeatTimeoutMillis, enableActingMaster=false, compressed, and bodyCrc32 = the
 * body's CRC32 masked to 31 bits) and a {@link RegisterBrokerBody}, or the compressed body, in one
 * request or several as {@link RegisterBrokerRequests} decides. A NameServer's answer becomes a
 * {@link NameServerReply}: response header masterAddr and haServerAddr (for a slave), the KVTable body as
 * its order-topic table.
 *
 * <p>Every request (each part of a split registration is one) waits at most {@code requestTimeout} in
 * all, however many NameServers there are: the requests run in parallel and a NameServer that is down, slow or answers an error is left out of the
 * answers. A registration reports it among the outcome's failures, for the caller to log once per
 * outage (each failed call is logged at debug level only); an unregistration logs it at warn level.
 * Must not be called on a Netty I/O thread.
 */
public final class NettyNameServerGateway implements NameServerGateway {

    /** RocketMQ's {@code registerBrokerTimeoutMills}. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(24);
    /** What a NameServer assumes for a broker that sends no {@code heartbeatTimeoutMillis}. */
    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(120);

    private static final Logger LOG = LoggerFactory.getLogger(NettyNameServerGateway.class);

    private final BoundedRequests calls;
    private final List<String> nameServers;
    private final long heartbeatTimeoutMillis;
    private final RegisterBrokerRequests requests;
    private final boolean splitting;
    private final AtomicBoolean fallbackExplained = new AtomicBoolean();
    /** The topic configs of the last registration every NameServer took in full; kept only when splitting. */
    private volatile Map<TopicName, TopicConfig> acknowledged = Map.of();

    /**
     * @param nameServers      the NameServers' {@code host:port}s ({@code namesrvAddr}), at least one
     * @param requestTimeout   how long one call waits for all answers together
     * @param heartbeatTimeout after how long without a registration the NameServers may drop this broker
     * @param encoding         whether registrations are compressed or split, and the frame limit
     */
    public NettyNameServerGateway(NettyRemotingClient client, List<String> nameServers, Duration requestTimeout,
            Duration heartbeatTimeout, RegisterBrokerEncoding encoding) {
        this.requests = new RegisterBrokerRequests(encoding);
        this.splitting = encoding.enableSplitRegistration();
        this.nameServers = List.copyOf(nameServers);
        if (this.nameServers.isEmpty()) {
            throw new IllegalArgumentException("at least one NameServer address is needed");
        }
        positiveMillis(requestTimeout, "requestTimeout");
        this.calls = new BoundedRequests(Objects.requireNonNull(client, "client"), requestTimeout);
        this.heartbeatTimeoutMillis = positiveMillis(heartbeatTimeout, "heartbeatTimeout");
    }

    public NettyNameServerGateway(NettyRemotingClient client, List<String> nameServers, Duration requestTimeout,
            Duration heartbeatTimeout) {
        this(client, nameServers, requestTimeout, heartbeatTimeout, RegisterBrokerEncoding.defaults());
    }

    public NettyNameServerGateway(NettyRemotingClient client, List<String> nameServers) {
        this(client, nameServers, DEFAULT_REQUEST_TIMEOUT, DEFAULT_HEARTBEAT_TIMEOUT);
    }

    /**
     * Sends the registration in the parts {@link RegisterBrokerRequests} plans, one after the other, each
     * to every NameServer at once. A NameServer that failed any part is among the failures (with its first
     * reason); the replies are those to the last part from the NameServers that took every part.
     */
    @Override
    public RegistrationOutcome register(NameServerRegistration registration) {
        RegisterBrokerRequests.Plan plan = requests.plan(registration, changedSinceAcknowledged(registration));
        plan.fallback().filter(reason -> !fallbackExplained.getAndSet(true)).ifPresent(reason -> LOG.info(
                "Broker registration with {} topics: {} (logged once)", registration.topicConfigs().size(), reason));
        Map<String, RegistrationOutcome.Failure> failures = new LinkedHashMap<>();
        List<NameServerReply> replies = List.of();
        for (RegisterBrokerRequests.Part part : plan.parts()) {
            List<Answer<NameServerReply>> answers = callAll(registerCommand(registration, part), "register",
                    NettyNameServerGateway::reply);
            answers.stream().map(Answer::failure).flatMap(Optional::stream)
                    .forEach(failure -> failures.putIfAbsent(failure.nameServer(), failure));
            replies = answers.stream().map(Answer::reply).flatMap(Optional::stream).toList();
        }
        if (splitting && failures.isEmpty()) {
            acknowledged = registration.incremental() ? withChanges(acknowledged, registration.topicConfigs())
                    : registration.topicConfigs().stream()
                            .collect(Collectors.toUnmodifiableMap(TopicConfig::name, Function.identity()));
        }
        return new RegistrationOutcome(
                replies.stream().filter(reply -> !failures.containsKey(reply.nameServer())).toList(),
                List.copyOf(failures.values()));
    }

    /**
     * Topics the NameServers hold with another config: those of the last registration they all took
     * that differ now. A NameServer that missed registrations since holds one of those configs, or none
     * (it restarted, or dropped this broker), and a topic it does not list is added by any part.
     */
    private Set<TopicName> changedSinceAcknowledged(NameServerRegistration registration) {
        Map<TopicName, TopicConfig> held = acknowledged;
        if (held.isEmpty()) {
            return Set.of();
        }
        Set<TopicName> changed = new HashSet<>();
        for (TopicConfig config : registration.topicConfigs()) {
            TopicConfig before = held.get(config.name());
            if (before != null && !before.equals(config)) {
                changed.add(config.name());
            }
        }
        return changed;
    }

    /** What the NameServers hold after they took an incremental registration: the rest as it was. */
    private static Map<TopicName, TopicConfig> withChanges(Map<TopicName, TopicConfig> held, List<TopicConfig> changed) {
        if (held.isEmpty()) {
            return held;
        }
        Map<TopicName, TopicConfig> next = new HashMap<>(held);
        changed.forEach(config -> next.put(config.name(), config));
        return Map.copyOf(next);
    }

    private RemotingCommand registerCommand(NameServerRegistration registration, RegisterBrokerRequests.Part part) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.REGISTER_BROKER);
        identify(request, registration.broker());
        return request
                .extField("haServerAddr", registration.broker().haServerAddress().value())
                .extField("heartbeatTimeoutMillis", heartbeatTimeoutMillis)
                .extField("enableActingMaster", false)
                .extField("compressed", part.compressed())
                .extField("bodyCrc32", crc32(part.body()))
                .body(part.body())
                .build();
    }

    @Override
    public void unregister(BrokerIdentity broker) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.UNREGISTER_BROKER);
        identify(request, broker);
        for (Answer<String> answer : callAll(request.build(), "unregister", (nameServer, response) -> nameServer)) {
            answer.failure().ifPresent(failure -> LOG.warn("Broker unregister with NameServer {} failed: {}",
                    failure.nameServer(), failure.reason()));
        }
    }

    private static void identify(RemotingCommand.Builder request, BrokerIdentity broker) {
        request.extField("brokerName", broker.brokerName().value())
                .extField("brokerAddr", broker.brokerAddress().value())
                .extField("clusterName", broker.cluster().value())
                .extField("brokerId", broker.brokerId().value());
    }

    private interface ReplyReader<T> {
        T read(String nameServer, RemotingCommand response);
    }

    /** One NameServer's answer to one call: what it said, or why it said nothing usable. */
    private record Answer<T>(Optional<T> reply, Optional<RegistrationOutcome.Failure> failure) {

        static <T> Answer<T> of(T reply) {
            return new Answer<>(Optional.of(reply), Optional.empty());
        }

        static <T> Answer<T> failed(String nameServer, String reason) {
            return new Answer<>(Optional.empty(), Optional.of(new RegistrationOutcome.Failure(nameServer, reason)));
        }
    }

    /** Sends to all NameServers at once; every NameServer's answer, in list order. */
    private <T> List<Answer<T>> callAll(RemotingCommand request, String what, ReplyReader<T> reader) {
        List<Answer<T>> answers = new ArrayList<>(nameServers.size());
        for (BoundedRequests.Outcome outcome : calls.sendToAll(nameServers, request)) {
            Answer<T> answer = read(outcome, reader);
            answer.failure().ifPresent(failed -> LOG.debug("Broker {} with NameServer {} failed: {}", what,
                    outcome.server(), failed.reason()));
            answers.add(answer);
        }
        return answers;
    }

    private static <T> Answer<T> read(BoundedRequests.Outcome outcome, ReplyReader<T> reader) {
        if (!outcome.succeeded()) {
            return Answer.failed(outcome.server(), outcome.failure());
        }
        try {
            return Answer.of(reader.read(outcome.server(), outcome.response()));
        } catch (RuntimeException e) {
            return Answer.failed(outcome.server(), "unreadable answer: " + e);
        }
    }

    private static NameServerReply reply(String nameServer, RemotingCommand response) {
        Function<String, Optional<BrokerAddress>> address = field -> response.header().optionalString(field)
                .filter(value -> !value.isBlank()).map(BrokerAddress::new);
        return new NameServerReply(nameServer, address.apply("masterAddr"), address.apply("haServerAddr"),
                RegisterBrokerBody.parseKvTable(response.body()));
    }

    /** CRC32 of the body, masked to 31 bits as brokers send it, so it is never negative. */
    static int crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    private static long positiveMillis(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.toMillis() <= 0) {
            throw new IllegalArgumentException(name + " must be at least 1 ms: " + duration);
        }
        return duration.toMillis();
    }
}
