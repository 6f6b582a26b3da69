package io.hexmq.benchmarks.jmh;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The broker state the handler benchmarks need besides the store, in memory as bootstrap would wire it:
 * default settings, the benchmark topic with 4 queues, no subscription groups, and state stores and a
 * NameServer registration that keep nothing (the benchmarks change no topic and no group).
 */
final class BenchmarkBroker {

    static final BrokerSettings SETTINGS = BrokerSettings.defaults(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), new BrokerAddress("127.0.0.1:10911"), new BrokerAddress("127.0.0.1:10912"));

    /** {@link #SETTINGS} as the use cases that obey run-time changes read them; nothing changes them here. */
    static final LiveBrokerSettings LIVE_SETTINGS = new LiveBrokerSettings(SETTINGS);

    /** Keeps no topic table: the benchmark topic exists from the start. */
    static final TopicConfigStore NO_TOPIC_FILE = new TopicConfigStore() {
        @Override
        public Optional<TopicConfigTable> load() {
            return Optional.empty();
        }

        @Override
        public void save(TopicConfigTable table) {
        }
    };

    /** Registers nothing: no NameServer runs. */
    static final RegistrationDemand NO_REGISTRATION = new RegistrationDemand() {
        @Override
        public void topicsChanged() {
        }

        @Override
        public CompletionStage<Void> topicsChangedAwaitingRound() {
            return CompletableFuture.completedFuture(null);
        }
    };

    private static final SubscriptionGroupStore NO_GROUP_FILE = new SubscriptionGroupStore() {
        @Override
        public Optional<SubscriptionGroupTable> load() {
            return Optional.empty();
        }

        @Override
        public void save(SubscriptionGroupTable table) {
        }
    };

    private BenchmarkBroker() {
    }

    /** A topic table holding {@link BenchmarkStores#TOPIC} with 4 read and 4 write queues. */
    static TopicTable topics() {
        long now = BenchmarkStores.SYSTEM_CLOCK.millis();
        TopicTable topics = new TopicTable(TopicConfigTable.empty(now));
        topics.put(TopicConfig.of(new TopicName(BenchmarkStores.TOPIC), 4, 4, Permission.READ_WRITE), now,
                table -> { });
        return topics;
    }

    /** No group yet; the lookup may auto-create one, kept in memory. */
    static SubscriptionGroupLookup groups() {
        SubscriptionGroups groups = new SubscriptionGroups(
                SubscriptionGroupTable.empty(BenchmarkStores.SYSTEM_CLOCK.millis()));
        return new SubscriptionGroupLookup(groups, NO_GROUP_FILE, BenchmarkStores.SYSTEM_CLOCK, LIVE_SETTINGS);
    }
}
