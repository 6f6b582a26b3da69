package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import io.hexmq.adapters.netty.security.AccessGate;
import io.hexmq.adapters.netty.security.GateChain;
import io.hexmq.adapters.netty.security.PlainAclGate;
import io.hexmq.application.auth.AuthSettings;
import io.hexmq.application.auth.AuthenticateRequest;
import io.hexmq.application.auth.AuthorizeRequest;
import io.hexmq.application.auth.CreateInitialUsers;
import io.hexmq.bootstrap.config.AuthConfig;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.port.AuthStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.remoting.protocol.RequestGate;
import io.hexmq.remoting.protocol.RequestSigner;
import jakarta.inject.Named;
import java.util.List;
import java.util.Optional;

/**
 * ACL 2.0 of one server (a Broker or a NameServer): its users and policies, the use cases over them, the
 * {@link RequestGate} its dispatcher puts before every handler (followed by ACL 1.0's when {@link PlainAclModule}
 * is installed: both must let a request through, as in RocketMQ 5.x), and the {@link RequestSigner} its own
 * outbound requests go through ({@code innerClientAuthenticationCredentials}, or none).
 */
public final class AuthModule extends AbstractModule {

    private final AuthConfig config;
    private final AuthState state;

    public AuthModule(AuthConfig config, AuthState state) {
        this.config = config;
        this.state = state;
    }

    @Override
    protected void configure() {
        bind(AuthSettings.class).toInstance(config.settings());
        bind(AuthStore.class).toInstance(state.store());
        bind(AuthDirectory.class).toInstance(state.directory());
        // PlainAclModule sets it on a broker with ACL 1.0 on.
        OptionalBinder.newOptionalBinder(binder(), PlainAclGate.class);
    }

    @Provides
    @Singleton
    AuthenticateRequest authenticate(AuthDirectory directory) {
        return new AuthenticateRequest(directory);
    }

    @Provides
    @Singleton
    AuthorizeRequest authorize(AuthDirectory directory) {
        return new AuthorizeRequest(directory);
    }

    /** This server's own users file; a replicated broker writes it through the group's log instead. */
    @Provides
    @Singleton
    @Named(ReplicationModule.LOCAL)
    AuthStore localAuthStore() {
        return state.store();
    }

    /**
     * The configured initial users are written to this server's own file, never through a broker group's log:
     * every replica reads them from its own config at start, before its group may have a leader, so each
     * creates the same users itself, and the tables the leader replicates then hold them too.
     */
    @Provides
    @Singleton
    CreateInitialUsers initialUsers(AuthDirectory directory, @Named(ReplicationModule.LOCAL) AuthStore store) {
        return new CreateInitialUsers(directory, store, config.settings());
    }

    @Provides
    @Singleton
    RequestGate gate(AuthenticateRequest authenticate, AuthorizeRequest authorize, Clock clock,
                     Optional<PlainAclGate> plainAcl) {
        RequestGate accessGate = new AccessGate(authenticate, authorize, config.settings(), config.whitelist(), clock);
        return plainAcl.<RequestGate>map(plain -> new GateChain(List.of(accessGate, plain))).orElse(accessGate);
    }

    @Provides
    @Singleton
    RequestSigner innerSigner() {
        return config.innerCredentials().map(RequestSigner::with).orElse(RequestSigner.NONE);
    }
}
