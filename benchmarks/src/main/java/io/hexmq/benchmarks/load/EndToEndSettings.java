package io.hexmq.benchmarks.load;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The command line of {@link EndToEndBench}, validated once. */
record EndToEndSettings(String nameServer, String topic, int producers, int consumers, int size,
                        int seconds, int warmupSeconds, SendMode mode, int queues, int inFlight,
                        ClientKind client, int backlog, String accessKey, String secretKey, boolean tls,
                        boolean pop) {

    /** How each producer thread sends: waiting for the reply, with a callback, or without a reply. */
    enum SendMode { SYNC, ASYNC, ONEWAY }

    /** Which client produces and consumes: Apache RocketMQ's {@code rocketmq-client} or the hexmq SDK. */
    enum ClientKind { OFFICIAL, SDK }

    private static final Set<String> KNOWN = Set.of(
            "namesrv", "topic", "producers", "consumers", "size", "seconds", "warmup", "mode", "queues", "in-flight",
            "client", "backlog", "access-key", "secret-key", "tls", "pop");

    /** A stamp of {@code System.nanoTime()} leads every body, so a body holds at least that. */
    static final int STAMP_BYTES = Long.BYTES;

    EndToEndSettings {
        if (producers < 1) {
            throw new IllegalArgumentException("--producers must be at least 1, got " + producers);
        }
        if (consumers < 0) {
            throw new IllegalArgumentException("--consumers must not be negative, got " + consumers);
        }
        if (size < STAMP_BYTES || size > 4 * 1024 * 1024) {
            throw new IllegalArgumentException("--size must be 8..4194304 bytes, got " + size);
        }
        if (seconds < 1 || warmupSeconds < 0) {
            throw new IllegalArgumentException("--seconds must be at least 1 and --warmup not negative");
        }
        if (queues < 1 || queues > 1024) {
            throw new IllegalArgumentException("--queues must be 1..1024, got " + queues);
        }
        if (inFlight < 1) {
            throw new IllegalArgumentException("--in-flight must be at least 1, got " + inFlight);
        }
        if ((accessKey == null) != (secretKey == null)) {
            throw new IllegalArgumentException("--access-key and --secret-key go together");
        }
        if (backlog < 0 || (backlog > 0 && (consumers < 1 || mode == SendMode.ONEWAY))) {
            throw new IllegalArgumentException("--backlog must not be negative, and wants consumers and a mode with"
                    + " replies (sync or async), got " + backlog);
        }
        if (pop && (client != ClientKind.OFFICIAL || backlog == 0)) {
            // a POP consumer holds no queues, so only a backlog run, which waits for no assignment, times it
            throw new IllegalArgumentException("--pop wants --client official and a --backlog");
        }
    }

    /** Whether the run sends a backlog first and then measures how fast a fresh group consumes it. */
    boolean drainsABacklog() {
        return backlog > 0;
    }

    static EndToEndSettings parse(String[] args) {
        Map<String, String> options = Options.parse(args);
        for (String name : options.keySet()) {
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name + "; known: " + KNOWN);
            }
        }
        String mode = options.getOrDefault("mode", "sync").toUpperCase(Locale.ROOT);
        if (!Set.of("SYNC", "ASYNC", "ONEWAY").contains(mode)) {
            throw new IllegalArgumentException("--mode must be sync, async or oneway, got " + options.get("mode"));
        }
        String client = options.getOrDefault("client", "official").toUpperCase(Locale.ROOT);
        if (!Set.of("OFFICIAL", "SDK").contains(client)) {
            throw new IllegalArgumentException("--client must be official or sdk, got " + options.get("client"));
        }
        return new EndToEndSettings(
                options.getOrDefault("namesrv", "127.0.0.1:9876"),
                options.getOrDefault("topic", "BenchTopic_" + System.currentTimeMillis()),
                intOption(options, "producers", 4),
                intOption(options, "consumers", 1),
                intOption(options, "size", 1024),
                intOption(options, "seconds", 30),
                intOption(options, "warmup", 10),
                SendMode.valueOf(mode),
                intOption(options, "queues", 8),
                intOption(options, "in-flight", 32),
                ClientKind.valueOf(client),
                intOption(options, "backlog", 0),
                options.get("access-key"),
                options.get("secret-key"),
                Boolean.parseBoolean(options.getOrDefault("tls", "false")),
                Boolean.parseBoolean(options.getOrDefault("pop", "false")));
    }

    private static int intOption(Map<String, String> options, String name, int fallback) {
        String value = options.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("--" + name + " wants a number, got '" + value + "'", notANumber);
        }
    }

    String describe() {
        if (drainsABacklog()) {
            return String.format(Locale.ROOT,
                    "backlog drain (%s client): namesrv %s, topic %s (%d queues), %,d messages of %d bytes sent by %d"
                            + " producer threads (%s), then consumed by %d %s consumers of a fresh group, at most %d s",
                    client.name().toLowerCase(Locale.ROOT), nameServer, topic, queues, backlog, size, producers,
                    mode.name().toLowerCase(Locale.ROOT), consumers, pop ? "POP" : "pull", seconds);
        }
        return String.format(Locale.ROOT,
                "end-to-end (%s client%s%s): namesrv %s, topic %s (%d queues), %d producer threads (%s%s), %d consumers, "
                        + "%d-byte bodies, %d s warm-up + %d s measured",
                client.name().toLowerCase(Locale.ROOT), accessKey == null ? "" : ", signed as " + accessKey,
                tls ? ", TLS" : "", nameServer, topic, queues, producers, mode.name().toLowerCase(Locale.ROOT),
                mode == SendMode.ASYNC ? ", " + inFlight + " in flight each" : "", consumers, size,
                warmupSeconds, seconds);
    }
}
