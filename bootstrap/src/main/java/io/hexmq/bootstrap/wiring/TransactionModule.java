package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.broker.EndTransactionHandler;
import io.hexmq.adapters.netty.broker.NettyTransactionChecker;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.ParkUntilDue;
import io.hexmq.application.transaction.DueTimeParking;
import io.hexmq.application.transaction.EndTransaction;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.transaction.port.TransactionChecker;
import jakarta.inject.Named;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Transactional messages: their settings, the check-back's way to a producer
 * and its timer, END_TRANSACTION, and the parking a committed message goes through when it carries a
 * delay level or a timer.
 *
 * <p>Installed by {@link BrokerModule}, which binds the use cases.
 */
final class TransactionModule extends AbstractModule {

    private final BrokerConfig config;

    TransactionModule(BrokerConfig config) {
        this.config = config;
    }

    /** A committed transaction waits for its delay level or timer as a send does. */
    @Provides
    @Singleton
    DueTimeParking dueTimeParking(MessageSettings settings) {
        return new ParkUntilDue(settings);
    }

    @Provides
    @Singleton
    TransactionSettings transactionSettings() {
        return config.transaction();
    }

    @Provides
    @Singleton
    TransactionChecker transactionChecker(ProducerGroups producers, ClientChannels channels) {
        return new NettyTransactionChecker(producers, channels);
    }

    @Provides
    @Singleton
    @Named("broker-transaction")
    ScheduledExecutorService transactionTimer(RoleExecutors executors) {
        return executors.scheduled("broker-transaction");
    }

    @ProvidesIntoSet
    HandlerBinding endTransaction(EndTransaction useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.END_TRANSACTION, new EndTransactionHandler(useCase));
    }
}
