package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.RegisterBroker;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.RegistrationResult;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.zip.CRC32;

/**
 * REGISTER_BROKER (103). Header: clusterName, brokerName, brokerAddr, brokerId (required), haServerAddr,
 * heartbeatTimeoutMillis, enableActingMaster, compressed, bodyCrc32 and the ext key {@code __ZONE_NAME}.
 * Body: see {@link RegisterBrokerBodyParser}; brokers older than V3_0_11 send the bare topic-config
 * wrapper.
 *
 * <p>Answers SYSTEM_ERROR "crc32 not match" when {@code bodyCrc32} is non-zero and differs from the
 * body's CRC32 (masked to 31 bits, as brokers compute it), and SYSTEM_ERROR "register broker failed"
 * when a single-topic registration precedes the broker's first full one. Otherwise SUCCESS, with
 * response header {@code masterAddr}/{@code haServerAddr} for a slave whose master is alive and the
 * {@code ORDER_TOPIC_CONFIG} KVTable as body when there is one.
 */
public final class RegisterBrokerHandler implements RequestHandler {

    static final String HA_SERVER_ADDR = "haServerAddr";
    static final String MASTER_ADDR = "masterAddr";
    static final String ZONE_NAME = "__ZONE_NAME";

    private final RegisterBroker registerBroker;

    public RegisterBrokerHandler(RegisterBroker registerBroker) {
        this.registerBroker = Objects.requireNonNull(registerBroker, "registerBroker");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        int expectedCrc = header.optionalInt("bodyCrc32", 0);
        if (expectedCrc != 0 && expectedCrc != crc32(request.body())) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, "crc32 not match");
        }
        BrokerRegistrationBody body = request.version() >= ProtocolVersion.V3_0_11
                ? RegisterBrokerBodyParser.parse(request.body(), header.optionalBoolean("compressed", false))
                : RegisterBrokerBodyParser.parseBareWrapper(request.body());

        RegisterBroker.Result result = registerBroker.register(new RegisterBroker.Command(
                Headers.clusterName(header),
                Headers.brokerName(header),
                Headers.brokerAddress(header),
                Headers.brokerId(header),
                nonBlank(header, HA_SERVER_ADDR).map(BrokerAddress::new),
                nonBlank(header, ZONE_NAME),
                heartbeatTimeout(header),
                header.optionalBoolean("enableActingMaster", false),
                body.dataVersion(),
                body.topicConfigs(),
                body.filterServers(),
                context.connectionId()));

        RegistrationResult registration = result.registration();
        if (!registration.isRegistered()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, "register broker failed");
        }
        RemotingCommand.Builder response = Replies.success(request)
                .extField(HA_SERVER_ADDR, registration.masterHaServerAddress().map(BrokerAddress::value).orElse(null))
                .extField(MASTER_ADDR, registration.masterAddress().map(BrokerAddress::value).orElse(null));
        result.orderTopicConfig().ifPresent(table -> response.body(NameServerBodies.kvTable(table)));
        return Replies.answer(response);
    }

    /** The masked CRC32 brokers put in {@code bodyCrc32}: the low 31 bits, so it is never negative. */
    static int crc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    private static Optional<String> nonBlank(HeaderReader header, String field) {
        return header.optionalString(field).filter(value -> !value.isBlank());
    }

    /** A 4.x broker sends none; a non-positive one cannot be meant, so it falls back to the default too. */
    private static OptionalLong heartbeatTimeout(HeaderReader header) {
        long timeout = header.optionalLong("heartbeatTimeoutMillis", 0);
        return timeout > 0 ? OptionalLong.of(timeout) : OptionalLong.empty();
    }
}
