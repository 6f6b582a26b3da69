package io.hexmq.bootstrap.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A hexmq standalone for the tests of one class, with its own data directory and, when asked for, clients
 * of it. Registered with {@code @RegisterExtension}: on an instance field every test gets a fresh server
 * and directory, as a {@code @TempDir} field with {@code @BeforeEach} would give it; on a static field the
 * class's tests share one, as with {@code @BeforeAll}. The extension's start runs before the class's own
 * {@code @BeforeEach}/{@code @BeforeAll} methods and its stop after their {@code @After...} counterparts, so
 * those may use the server and leave the rest to it.
 *
 * <p>Stopping closes the clients, then the server, then deletes the directory, each also when an earlier
 * step failed; a start that fails halfway stops what it started before the failure is reported.
 *
 * <p>The store type is read when the server starts, not when the field is initialised: a
 * {@code @ParameterizedClass} injects its {@code @Parameter} fields after the field initialisers ran, so
 * {@code onStore(() -> store)} sees the invocation's value where {@code store} itself would still be null.
 * Public for the compat-4x module, which uses bootstrap's test-jar.
 *
 * @param <C> what {@link #clients()} gives: {@link OfficialClients}, an SDK client, any closeable client
 */
public final class StandaloneExtension<C extends AutoCloseable>
        implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    private final Supplier<String> storeType;
    private final Map<String, String> brokerSettings;
    private final Function<RunningStandalone, C> openClients;

    private boolean sharedByClass;
    private Path dataDir;
    private RunningStandalone server;
    private C clients;

    private StandaloneExtension(Supplier<String> storeType, Map<String, String> brokerSettings,
                                Function<RunningStandalone, C> openClients) {
        this.storeType = storeType;
        this.brokerSettings = Map.copyOf(brokerSettings);
        this.openClients = openClients;
    }

    /** On the file store with default settings, without clients. */
    public static StandaloneExtension<AutoCloseable> onFileStore() {
        return onStore(() -> "file");
    }

    /** On the store {@code storeType} names when the server starts ({@code "file"} or {@code "chronicle"}). */
    public static StandaloneExtension<AutoCloseable> onStore(Supplier<String> storeType) {
        return new StandaloneExtension<>(storeType, Map.of(), null);
    }

    /** The same, with these broker settings on top of {@link RunningStandalone}'s. */
    public StandaloneExtension<C> withSettings(Map<String, String> settings) {
        return new StandaloneExtension<>(storeType, settings, openClients);
    }

    /** The same, with clients that {@code open} makes once the server runs, and that are closed before it. */
    public <D extends AutoCloseable> StandaloneExtension<D> withClients(Function<RunningStandalone, D> open) {
        return new StandaloneExtension<>(storeType, brokerSettings, open);
    }

    /** The same, with the official clients of the server's NameServer. */
    public StandaloneExtension<OfficialClients> withOfficialClients() {
        return withClients(running -> new OfficialClients(running.nameServer()));
    }

    public RunningStandalone server() {
        if (server == null) {
            throw new IllegalStateException("no server runs: is the extension registered with @RegisterExtension?");
        }
        return server;
    }

    public C clients() {
        if (clients == null) {
            throw new IllegalStateException(openClients == null
                    ? "no clients: the extension was built without withClients" : "no server runs");
        }
        return clients;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        // Only a static field's extension gets here: an instance field's is registered once a test instance exists.
        sharedByClass = true;
        start();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (!sharedByClass) {
            start();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (!sharedByClass) {
            stop();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (sharedByClass) {
            stop();
        }
    }

    private void start() throws Exception {
        String store = storeType.get();
        if (store == null) {
            throw new IllegalStateException("the store type's supplier gave null (read before a @Parameter was set?)");
        }
        dataDir = Files.createTempDirectory("hexmq-standalone-");
        try {
            server = RunningStandalone.start(dataDir, store, brokerSettings);
            if (openClients != null) {
                clients = openClients.apply(server);
            }
        } catch (Exception | Error failed) {
            try {
                stop();
            } catch (Exception alsoFailed) {
                failed.addSuppressed(alsoFailed);
            }
            throw failed;
        }
    }

    private void stop() throws Exception {
        C openedClients = clients;
        RunningStandalone startedServer = server;
        Path directory = dataDir;
        clients = null;
        server = null;
        dataDir = null;
        Exception failure = null;
        if (openedClients != null) {
            failure = close(openedClients, failure);
        }
        if (startedServer != null) {
            failure = close(startedServer, failure);
        }
        if (directory != null) {
            failure = close(() -> deleteRecursively(directory), failure);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes {@code step} whatever failed before; the first failure is reported, later ones suppressed in it. */
    private static Exception close(AutoCloseable step, Exception earlier) {
        try {
            step.close();
            return earlier;
        } catch (Exception failed) {
            if (earlier == null) {
                return failed;
            }
            earlier.addSuppressed(failed);
            return earlier;
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        List<Path> deepestFirst;
        try (Stream<Path> tree = Files.walk(directory)) {
            deepestFirst = tree.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path path : deepestFirst) {
            Files.delete(path);
        }
    }
}
