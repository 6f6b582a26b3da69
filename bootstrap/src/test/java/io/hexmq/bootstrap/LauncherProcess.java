package io.hexmq.bootstrap;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The launcher in a child JVM, as a user runs it: same main class, same classpath as this test, its
 * output collected line by line so tests can wait for a log line instead of guessing a delay.
 */
public final class LauncherProcess implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A line is waited for longer than an exit: a JVM starting on a busy build machine may take over 30 s. */
    private static final Duration LINE_WAIT = Duration.ofSeconds(120);
    /**
     * JIT and GC choices only, which change no behaviour: a test's process lives for seconds to minutes, often
     * four at once on two cores, where the C2 compiler's and the parallel collectors' threads cost more CPU than
     * they give back. A NameServer starts in about half the time with these on a loaded machine. A measurement
     * (BENCHMARKS.md's failover gaps, the proxy's hop) runs with {@code -Dlauncher.fullJit=true} instead, so that
     * its processes run as bin/hexmq's do.
     */
    private static final List<String> START_FAST = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final String FULL_JIT = "launcher.fullJit";

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread pump;

    private LauncherProcess(Process process) {
        this.process = process;
        this.pump = new Thread(this::pumpOutput, "launcher-output");
        this.pump.setDaemon(true);
        this.pump.start();
    }

    public static LauncherProcess start(Path workDir, String... args) throws IOException {
        return startMain(workDir, System.getProperty("java.class.path"), List.of(), Hexmq.class.getName(), args);
    }

    /**
     * Another main class in a child JVM, on {@code classpath}, with {@code jvmOptions} before it: a peer process
     * (the official RocketMQ Proxy, for one) whose libraries must not meet this test's.
     */
    public static LauncherProcess startMain(Path workDir, String classpath, List<String> jvmOptions,
                                            String mainClass, String... args) throws IOException {
        return startWrapped(workDir, List.of(), classpath, jvmOptions, mainClass, args);
    }

    /**
     * The launcher under a command that runs it, {@code ip netns exec NAME} for one: the wrapper must exec
     * the JVM in its own process, so that killing this process kills the launcher.
     */
    public static LauncherProcess startWrapped(Path workDir, List<String> wrapper, String... args) throws IOException {
        return startWrapped(workDir, wrapper, System.getProperty("java.class.path"), List.of(), Hexmq.class.getName(),
                args);
    }

    private static LauncherProcess startWrapped(Path workDir, List<String> wrapper, String classpath,
                                                List<String> jvmOptions, String mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (!Boolean.getBoolean(FULL_JIT)) {
            command.addAll(START_FAST);
        }
        command.addAll(jvmOptions);
        // The JVM flags Chronicle needs: bin/hexmq's jar carries them in its manifest, a -cp launch must
        // pass them; take them from this test JVM, which surefire started with them.
        for (String flag : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-opens") || flag.startsWith("--add-exports") || flag.startsWith("-Dchronicle")) {
                command.add(flag);
            }
        }
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        return new LauncherProcess(builder.start());
    }

    private void pumpOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException ignored) {
            // the process ended; what was read is kept
        }
    }

    /** Waits (bounded) for a line matching {@code pattern} and returns its first group. */
    public String awaitLine(Pattern pattern) throws InterruptedException {
        long deadline = System.nanoTime() + LINE_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : lines) {
                Matcher matcher = pattern.matcher(line);
                if (matcher.find()) {
                    return matcher.groupCount() > 0 ? matcher.group(1) : line;
                }
            }
            if (!process.isAlive() && !pump.isAlive()) {
                break;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no line matching " + pattern + " in:\n" + String.join("\n", lines));
    }

    public int awaitExit() throws InterruptedException {
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("launcher did not exit:\n" + String.join("\n", lines));
        }
        pump.join(WAIT.toMillis());
        return process.exitValue();
    }

    /**
     * SIGTERM, as a service manager stops it. Through the process handle: {@link Process#destroy()}
     * would also close our end of the output pipe and lose what the process logs while stopping.
     */
    public void terminate() {
        process.toHandle().destroy();
    }

    /** Whether the process still runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The CPU time the process used so far (user and system), as the OS accounts it. */
    public Duration cpuTime() {
        return process.toHandle().info().totalCpuDuration().orElseThrow();
    }

    public List<String> output() {
        return List.copyOf(lines);
    }

    boolean anyLine(Predicate<String> test) {
        return lines.stream().anyMatch(test);
    }

    /** SIGKILL: the process gets no chance to flush or unregister, as in a crash. */
    public void kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
