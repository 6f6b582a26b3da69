package io.hexmq.compatproxy;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The test classes' handle on one {@link ProxiedHexmq} for the whole module: the first class to start makes
 * it, later ones (also when running side by side) get the same one, and it stops when the test run ends.
 * Each test names its own topics and groups, so they share the servers without meeting. One pair saves the
 * half minute a hexmq and a proxy take to start, for every class after the first.
 */
final class HexmqBehindProxy implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ProxiedHexmq.class);

    private volatile ProxiedHexmq servers;

    @Override
    public void beforeAll(ExtensionContext context) {
        servers = context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(ProxiedHexmq.class, key -> ProxiedHexmq.start(), ProxiedHexmq.class);
    }

    ProxiedHexmq servers() {
        return servers;
    }
}
