package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Key;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.multibindings.ProvidesIntoSet;
import com.google.inject.name.Names;
import io.hexmq.adapters.netty.security.DeletePlainAccountHandler;
import io.hexmq.adapters.netty.security.GetPlainAclConfigHandler;
import io.hexmq.adapters.netty.security.GetPlainAclVersionHandler;
import io.hexmq.adapters.netty.security.PlainAclGate;
import io.hexmq.adapters.netty.security.UpdateGlobalWhiteAddressesHandler;
import io.hexmq.adapters.netty.security.UpdatePlainAccountHandler;
import io.hexmq.application.auth.AuthenticatePlainAccount;
import io.hexmq.application.auth.AuthorizePlainRequest;
import io.hexmq.application.auth.DeletePlainAccount;
import io.hexmq.application.auth.ReadPlainAcl;
import io.hexmq.application.auth.ReloadPlainAcl;
import io.hexmq.application.auth.UpdateGlobalWhiteAddresses;
import io.hexmq.application.auth.UpdatePlainAccount;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.bootstrap.config.PlainAclConfig;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.protocol.PlainAclCodes;
import jakarta.inject.Named;

/**
 * ACL 1.0 of a broker ({@code aclEnable=true}): its accounts, the {@link PlainAclGate} that {@link AuthModule}
 * chains after the 2.0 gate, the reload of an edited file, and the 1.0 admin codes (50-54) that
 * {@code mqadmin updateAclConfig/deleteAclConfig/updateGlobalWhiteAddr/clusterAclConfigVersion} send. The launcher
 * installs it only when ACL 1.0 is on.
 */
public final class PlainAclModule extends AbstractModule {

    private static final String GATE = "plain-acl";

    private final PlainAclConfig config;
    private final PlainAclState state;

    public PlainAclModule(PlainAclConfig config, PlainAclState state) {
        this.config = config;
        this.state = state;
    }

    @Override
    protected void configure() {
        bind(PlainAclStore.class).toInstance(state.store());
        bind(PlainAclDirectory.class).toInstance(state.directory());
        OptionalBinder.newOptionalBinder(binder(), PlainAclGate.class).setBinding()
                .to(Key.get(PlainAclGate.class, Names.named(GATE)));
    }

    @Provides
    @Singleton
    @Named(GATE)
    PlainAclGate gate(PlainAclDirectory directory, Clock clock) {
        return new PlainAclGate(new AuthorizePlainRequest(directory), clock);
    }

    /** What the web console checks its ACL 1.0 sign-ins and their pages with. */
    @Provides
    @Singleton
    AuthorizePlainRequest authorize(PlainAclDirectory directory) {
        return new AuthorizePlainRequest(directory);
    }

    @Provides
    @Singleton
    AuthenticatePlainAccount authenticate(PlainAclDirectory directory) {
        return new AuthenticatePlainAccount(directory);
    }

    @Provides
    @Singleton
    ReloadPlainAcl reload(PlainAclDirectory directory, PlainAclStore store) {
        return new ReloadPlainAcl(directory, store);
    }

    @Provides
    @Singleton
    ReadPlainAcl read(PlainAclDirectory directory, PlainAclStore store) {
        return new ReadPlainAcl(directory, store);
    }

    @ProvidesIntoSet
    HandlerBinding updateAccount(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        return HandlerBinding.onAdminThreads(PlainAclCodes.UPDATE_AND_CREATE_ACL_CONFIG,
                new UpdatePlainAccountHandler(new UpdatePlainAccount(directory, store, clock)));
    }

    @ProvidesIntoSet
    HandlerBinding deleteAccount(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        return HandlerBinding.onAdminThreads(PlainAclCodes.DELETE_ACL_CONFIG,
                new DeletePlainAccountHandler(new DeletePlainAccount(directory, store, clock)));
    }

    @ProvidesIntoSet
    HandlerBinding version(ReadPlainAcl read, BrokerSettings broker) {
        return HandlerBinding.onAdminThreads(PlainAclCodes.GET_BROKER_CLUSTER_ACL_INFO,
                new GetPlainAclVersionHandler(read, broker.brokerClusterName().value(), broker.brokerName().value(),
                        broker.brokerAddress().value()));
    }

    @ProvidesIntoSet
    HandlerBinding globalWhiteAddresses(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        return HandlerBinding.onAdminThreads(PlainAclCodes.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
                new UpdateGlobalWhiteAddressesHandler(new UpdateGlobalWhiteAddresses(directory, store, clock),
                        config.file()));
    }

    @ProvidesIntoSet
    HandlerBinding config(ReadPlainAcl read) {
        return HandlerBinding.onAdminThreads(PlainAclCodes.GET_BROKER_CLUSTER_ACL_CONFIG,
                new GetPlainAclConfigHandler(read));
    }
}
