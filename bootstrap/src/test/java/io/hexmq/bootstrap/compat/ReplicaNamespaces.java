package io.hexmq.bootstrap.compat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Linux network namespace per replica, joined by veth pairs to a bridge in this host's namespace that
 * carries a private subnet and nothing else: no uplink, no forwarding, so no packet leaves the machine. The
 * test JVM and the NameServer reach every replica through the bridge; the replicas reach each other and
 * the NameServer through it too. {@link #isolate} cuts one replica off from the others by blackhole routes
 * in both directions while this host (the producers' side) still reaches it; {@link #heal} takes them out.
 * Made with the {@code ip} command, so it needs root; {@link #make} cleans up what a killed earlier run
 * left, and {@link #close} removes everything, also after a failed test.
 */
final class ReplicaNamespaces implements AutoCloseable {

    private static final String PREFIX = "hxpart";
    private static final String BRIDGE = PREFIX + "-br";
    /** A private /24 no route of the build machine is expected to use. */
    private static final String SUBNET = "10.254.77.";
    private static final String HOST_ADDRESS = SUBNET + "254";
    private static final long COMMAND_BOUND_SECONDS = 30;

    private final int size;
    private final List<List<String>> cutRoutes = new ArrayList<>();

    private ReplicaNamespaces(int size) {
        this.size = size;
    }

    /**
     * The namespaces for {@code size} replicas, made anew.
     *
     * @throws IOException with the {@code ip} command's own words when they cannot be made here (not root,
     *     no {@code ip}, no namespaces in this kernel or container)
     */
    static ReplicaNamespaces make(int size) throws IOException, InterruptedException {
        ReplicaNamespaces namespaces = new ReplicaNamespaces(size);
        namespaces.removeLeftovers();
        try {
            namespaces.build();
        } catch (IOException | RuntimeException e) {
            namespaces.close();
            throw e;
        }
        return namespaces;
    }

    /** The address the test JVM and the NameServer use, on the bridge. */
    static String hostAddress() {
        return HOST_ADDRESS;
    }

    /** Replica {@code index}'s address in its namespace. */
    static String address(int index) {
        return SUBNET + (index + 1);
    }

    /** The command prefix that runs a process in replica {@code index}'s namespace. */
    static List<String> runIn(int index) {
        return List.of("ip", "netns", "exec", namespace(index));
    }

    /** Replica {@code index} and the others can no longer reach each other; this host still reaches all. */
    void isolate(int index) throws IOException, InterruptedException {
        for (int other = 0; other < size; other++) {
            if (other != index) {
                addCut(index, other);
                addCut(other, index);
            }
        }
    }

    /** Takes every cut out again. */
    void heal() throws IOException, InterruptedException {
        for (List<String> route : cutRoutes) {
            List<String> delete = new ArrayList<>(route);
            delete.set(delete.indexOf("add"), "del");
            ip(delete);
        }
        cutRoutes.clear();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        removeLeftovers();
    }

    private void addCut(int from, int to) throws IOException, InterruptedException {
        List<String> route = List.of("-n", namespace(from), "route", "add", "blackhole", address(to) + "/32");
        ip(route);
        cutRoutes.add(route);
    }

    private void build() throws IOException, InterruptedException {
        ip(List.of("link", "add", BRIDGE, "type", "bridge"));
        ip(List.of("addr", "add", HOST_ADDRESS + "/24", "dev", BRIDGE));
        ip(List.of("link", "set", BRIDGE, "up"));
        for (int i = 0; i < size; i++) {
            String namespace = namespace(i);
            String hostEnd = PREFIX + "-h" + i;
            String replicaEnd = PREFIX + "-r" + i;
            ip(List.of("netns", "add", namespace));
            ip(List.of("link", "add", hostEnd, "type", "veth", "peer", "name", replicaEnd));
            ip(List.of("link", "set", replicaEnd, "netns", namespace));
            ip(List.of("link", "set", hostEnd, "master", BRIDGE, "up"));
            ip(List.of("-n", namespace, "addr", "add", address(i) + "/24", "dev", replicaEnd));
            ip(List.of("-n", namespace, "link", "set", replicaEnd, "up"));
            ip(List.of("-n", namespace, "link", "set", "lo", "up"));
        }
    }

    /** Deleting a namespace deletes the veth ends in it, and so their peers on the bridge. */
    private void removeLeftovers() throws IOException, InterruptedException {
        for (String namespace : run(List.of("ip", "netns", "list")).lines()
                .map(line -> line.split(" ")[0])
                .filter(name -> name.startsWith(PREFIX + "-"))
                .toList()) {
            ip(List.of("netns", "del", namespace));
        }
        if (!run(List.of("ip", "link", "show", BRIDGE)).isEmpty()) {
            ip(List.of("link", "del", BRIDGE));
        }
    }

    private static String namespace(int index) {
        return PREFIX + "-n" + index;
    }

    private static void ip(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!process.waitFor(COMMAND_BOUND_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    /** A command's output, empty when it failed (a link that is not there). */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException noSuchCommand) {
            throw new IOException(String.join(" ", command) + " cannot run: " + noSuchCommand.getMessage(),
                    noSuchCommand);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return process.waitFor(COMMAND_BOUND_SECONDS, TimeUnit.SECONDS) && process.exitValue() == 0 ? output : "";
    }
}
