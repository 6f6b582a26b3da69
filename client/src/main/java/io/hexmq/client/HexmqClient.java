package io.hexmq.client;

import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.instance.ClientSettings;
import io.hexmq.remoting.protocol.Credentials;
import io.hexmq.client.internal.admin.DefaultAclAdmin;
import io.hexmq.client.internal.admin.DefaultAdmin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The entry point of the SDK: one connection pool, one client id, one set of background tasks
 * (route refresh and broker heartbeats), shared by the producers (and consumers) made from it.
 *
 * <pre>{@code
 * try (HexmqClient client = HexmqClient.builder().nameServers("127.0.0.1:9876").build();
 *      Producer producer = client.newProducer().group("pg").build()) {
 *     SendReceipt receipt = producer.send(Message.builder("orders").body("hello").tags("new").build());
 * }
 * }</pre>
 *
 * <p>Works with hexmq and with Apache RocketMQ servers (the remoting protocol). Thread-safe. Create one
 * per application and close it at the end: {@link #close()} closes its consumers, unregisters every
 * group from the brokers and ends every thread the client started.
 */
public final class HexmqClient implements AutoCloseable {

    private final ClientInstance instance;
    private final Admin admin;
    private final AclAdmin aclAdmin;

    private HexmqClient(ClientInstance instance) {
        this.instance = instance;
        this.admin = new DefaultAdmin(instance);
        this.aclAdmin = new DefaultAclAdmin(instance);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts configuring a producer of this client. */
    public ProducerBuilder newProducer() {
        return new ProducerBuilder(instance);
    }

    /** Starts configuring a push consumer of this client (messages handed to a listener). */
    public PushConsumerBuilder newPushConsumer() {
        return new PushConsumerBuilder(instance);
    }

    /** Starts configuring a pull consumer of this client (assigned queues, polled by the application). */
    public PullConsumerBuilder newPullConsumer() {
        return new PullConsumerBuilder(instance);
    }

    /** The admin operations, over this client's connections. */
    public Admin admin() {
        return admin;
    }

    /** ACL 2.0's users and policies on the brokers; sign as a super user ({@link Builder#credentials}). */
    public AclAdmin aclAdmin() {
        return aclAdmin;
    }

    /** This client's id as brokers see it: {@code ip@instanceName}. */
    public String clientId() {
        return instance.clientId();
    }

    /** Unregisters from the brokers, closes the connections and ends the client's threads. Idempotent. */
    @Override
    public void close() {
        instance.close();
    }

    /** Settings of a client; only the NameServer addresses are required. */
    public static final class Builder {

        private final List<String> nameServers = new ArrayList<>();
        private String instanceName;
        private Duration requestTimeout = ClientSettings.DEFAULT_REQUEST_TIMEOUT;
        private Duration routeRefreshInterval = ClientSettings.DEFAULT_ROUTE_REFRESH_INTERVAL;
        private Duration heartbeatInterval = ClientSettings.DEFAULT_HEARTBEAT_INTERVAL;
        private int callbackThreads = ClientSettings.DEFAULT_CALLBACK_THREADS;
        private int ioThreads = ClientSettings.DEFAULT_IO_THREADS;
        private Optional<Credentials> credentials = Optional.empty();
        private boolean tls;

        private Builder() {
        }

        /**
         * NameServer addresses, {@code host:port}; several may also be given in one string separated by
         * {@code ;} as RocketMQ's {@code namesrvAddr}. The client asks one and moves to the next when it
         * does not answer.
         */
        public Builder nameServers(String... addresses) {
            for (String address : addresses) {
                Objects.requireNonNull(address, "address");
                for (String part : address.split(";")) {
                    if (!part.isBlank()) {
                        nameServers.add(part.trim());
                    }
                }
            }
            return this;
        }

        /**
         * The instance part of the client id ({@code ip@instanceName}). Default: the process id and a
         * per-client number, so that several clients in one process are told apart.
         */
        public Builder instanceName(String value) {
            this.instanceName = Objects.requireNonNull(value, "instanceName");
            return this;
        }

        /** Timeout of each request other than sends (routes, heartbeats, admin calls). Default 3 s. */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = Objects.requireNonNull(value, "requestTimeout");
            return this;
        }

        /** How often the routes of the topics in use are fetched again. Default 30 s, as RocketMQ's clients. */
        public Builder routeRefreshInterval(Duration value) {
            this.routeRefreshInterval = Objects.requireNonNull(value, "routeRefreshInterval");
            return this;
        }

        /**
         * How often the client tells brokers about its groups. Default 30 s; brokers forget a client
         * silent for 120 s.
         */
        public Builder heartbeatInterval(Duration value) {
            this.heartbeatInterval = Objects.requireNonNull(value, "heartbeatInterval");
            return this;
        }

        /** Threads that complete async sends' futures (and run consumers' callbacks). Default 2. */
        public Builder callbackThreads(int value) {
            this.callbackThreads = value;
            return this;
        }

        /** Network I/O threads. Default 1, enough for tens of thousands of messages per second. */
        public Builder ioThreads(int value) {
            this.ioThreads = value;
            return this;
        }

        /**
         * Signs every request with these ACL credentials (the user's name and password), as the official
         * client's {@code AclClientRPCHook} does; needed when the servers have {@code authenticationEnabled}.
         */
        public Builder credentials(String accessKey, String secretKey) {
            this.credentials = Optional.of(new Credentials(accessKey, secretKey));
            return this;
        }

        /**
         * Speaks TLS to the NameServers and brokers (their {@code tls.server.mode} is permissive or enforcing),
         * trusting any server certificate as RocketMQ's clients do unless told otherwise. Default off.
         */
        public Builder tls(boolean value) {
            this.tls = value;
            return this;
        }

        /** Creates the client; no connection is opened until the first request. */
        public HexmqClient build() {
            return new HexmqClient(new ClientInstance(new ClientSettings(nameServers, instanceName, requestTimeout,
                    routeRefreshInterval, heartbeatInterval, callbackThreads, ioThreads, credentials, tls)));
        }
    }
}
