package io.hexmq.client.internal.route;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routes of the topics this client uses, fetched from the NameServers on first use, again by
 * {@link #refreshAll()} (the client's periodic task) and on demand after a failed send; and the
 * broker groups those routes name, for address look-ups and heartbeats.
 *
 * <p>A topic the NameServers do not know yet is sent through the route of the auto-create topic
 * {@code TBW102} (a broker with {@code autoCreateTopicEnable} creates the topic on the first send), with
 * at most the producer's default queue count per broker. Such a borrowed route stays until the real one
 * exists.
 */
public final class RouteCache {

    public static final String AUTO_CREATE_TOPIC = "TBW102";

    private static final Logger LOG = LoggerFactory.getLogger(RouteCache.class);

    private final NameServers nameServers;
    private final long timeoutMillis;
    private final Consumer<BrokerGroup> onNewBroker;
    private final ConcurrentMap<String, TopicRoute> routes = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, PublishInfo> borrowed = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, BrokerGroup> brokers = new ConcurrentHashMap<>();

    /** @param onNewBroker told of each broker group the first time a route names it (or its master changes) */
    public RouteCache(NameServers nameServers, long timeoutMillis, Consumer<BrokerGroup> onNewBroker) {
        this.nameServers = nameServers;
        this.timeoutMillis = timeoutMillis;
        this.onNewBroker = onNewBroker;
    }

    /** The topic's route, cached or fetched. */
    public CompletableFuture<TopicRoute> route(String topic) {
        TopicRoute cached = routes.get(topic);
        return cached != null ? CompletableFuture.completedFuture(cached) : refresh(topic);
    }

    /** Fetches the topic's route now and caches it. */
    CompletableFuture<TopicRoute> refresh(String topic) {
        return fetch(topic).thenApply(route -> {
            routes.put(topic, route);
            borrowed.remove(topic);
            learn(route);
            return route;
        });
    }

    /** The route from a NameServer, not cached; fails with the NameServer's code (17 when unknown). */
    public CompletableFuture<TopicRoute> fetch(String topic) {
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC)
                .extField(TopicHeader.TOPIC, topic)
                .build();
        return nameServers.invoke(request, timeoutMillis)
                .thenApply(Rpc::requireSuccess)
                .thenApply(response -> Bodies.topicRoute(response.body()));
    }

    /**
     * Where to send to {@code topic}: its route, or the auto-create topic's when the NameServers do not
     * know it. {@code refresh} asks the NameServers even when a route is cached.
     */
    public CompletableFuture<PublishInfo> publishInfo(String topic, int defaultQueueNums, boolean refresh) {
        if (!refresh) {
            TopicRoute cached = routes.get(topic);
            if (cached != null) {
                return CompletableFuture.completedFuture(PublishInfo.of(topic, cached));
            }
            PublishInfo provisional = borrowed.get(topic);
            if (provisional != null) {
                return CompletableFuture.completedFuture(provisional);
            }
        }
        return refresh(topic).thenApply(route -> PublishInfo.of(topic, route)).handle((info, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(info);
            }
            HexmqClientException cause = Rpc.asClientException(failure);
            TopicRoute cached = routes.get(topic);
            if (cached != null && cause.responseCode() < 0) {
                // No NameServer answered: the route we have is still the best guess.
                return CompletableFuture.completedFuture(PublishInfo.of(topic, cached));
            }
            if (cause.responseCode() != ResponseCode.TOPIC_NOT_EXIST || topic.equals(AUTO_CREATE_TOPIC)) {
                return CompletableFuture.<PublishInfo>failedFuture(cause);
            }
            return route(AUTO_CREATE_TOPIC).thenApply(template -> {
                PublishInfo provisional = PublishInfo.of(topic, template, defaultQueueNums);
                borrowed.put(topic, provisional);
                return provisional;
            }).exceptionallyCompose(templateFailure -> CompletableFuture.failedFuture(cause));
        }).thenCompose(next -> next);
    }

    /** Fetches every cached route again (and the real routes of borrowed ones); failures keep the old route. */
    public void refreshAll() {
        Set<String> topics = new LinkedHashSet<>(routes.keySet());
        topics.addAll(borrowed.keySet());
        for (String topic : topics) {
            refresh(topic).whenComplete((route, failure) -> {
                if (failure != null) {
                    LOG.debug("Route refresh of topic {} failed: {}", topic, Rpc.unwrap(failure).getMessage());
                }
            });
        }
    }

    public Optional<String> masterAddress(String brokerName) {
        BrokerGroup broker = brokers.get(brokerName);
        return broker == null ? Optional.empty() : broker.masterAddress();
    }

    public Set<String> masterAddresses() {
        Set<String> addresses = new LinkedHashSet<>();
        brokers.values().forEach(broker -> broker.masterAddress().ifPresent(addresses::add));
        return addresses;
    }

    public Set<String> allAddresses() {
        Set<String> addresses = new LinkedHashSet<>();
        brokers.values().forEach(broker -> addresses.addAll(broker.addresses().values()));
        return addresses;
    }

    private void learn(TopicRoute route) {
        for (BrokerGroup broker : route.brokers()) {
            BrokerGroup previous = brokers.put(broker.brokerName(), broker);
            if (previous == null || !previous.addresses().equals(broker.addresses())) {
                onNewBroker.accept(broker);
            }
        }
    }
}
