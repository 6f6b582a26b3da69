package io.hexmq.bootstrap.compat;

import java.util.function.Supplier;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The official admin (DefaultMQAdminExt, the class mqadmin drives) of a {@link StandaloneExtension}'s server,
 * one for each test, shut down after the test.
 *
 * <p>The admin starts when the test first asks for it, not in a before-each callback: JUnit orders the callbacks
 * of two {@code @RegisterExtension} fields in a way it documents as deterministic but not obvious, so this one's
 * could run before the server has started and has a NameServer address.
 */
public final class OfficialAdminExtension implements AfterEachCallback {

    private final Supplier<String> nameServer;
    private final String instancePrefix;
    private DefaultMQAdminExt admin;

    private OfficialAdminExtension(Supplier<String> nameServer, String instancePrefix) {
        this.nameServer = nameServer;
        this.instancePrefix = instancePrefix;
    }

    /** An admin of the NameServer of {@code standalone}'s server, its instance named after {@code instancePrefix}. */
    public static OfficialAdminExtension of(StandaloneExtension<?> standalone, String instancePrefix) {
        return new OfficialAdminExtension(() -> standalone.server().nameServer(), instancePrefix);
    }

    /** The current test's admin, started on the first call; unchecked, so that lambdas the test polls may call it. */
    public DefaultMQAdminExt get() {
        if (admin == null) {
            try {
                admin = OfficialClients.startedAdmin(nameServer.get(), instancePrefix);
            } catch (MQClientException e) {
                throw new IllegalStateException("the official admin did not start", e);
            }
        }
        return admin;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        DefaultMQAdminExt started = admin;
        admin = null;
        if (started != null) {
            started.shutdown();
        }
    }
}
