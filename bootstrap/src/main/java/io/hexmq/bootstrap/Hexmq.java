package io.hexmq.bootstrap;

import io.hexmq.bootstrap.admin.AdminCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code hexmq} launcher: one entry point, one subcommand per kind of node or tool. */
@Command(
        name = "hexmq",
        mixinStandardHelpOptions = true,
        versionProvider = HexmqVersion.class,
        description = "hexmq: a message broker in the RocketMQ model, speaking RocketMQ's remoting protocol.",
        footer = {"",
            "Also, run by bin/hexmq from benchmarks/target/benchmarks.jar:",
            "  bench       Load a running NameServer and its brokers end to end with the",
            "                official RocketMQ client or the hexmq SDK (--client) and report",
            "                msg/s, MB/s and latency percentiles (bin/hexmq bench --help)."},
        subcommands = {StandaloneCommand.class, NamesrvCommand.class, BrokerCommand.class,
                AdminCommand.class, CommandLine.HelpCommand.class})
public final class Hexmq implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the launcher and returns its exit code (0 ok, 1 failed at runtime, 2 bad usage). */
    public static int run(String... args) {
        CommandLine commandLine = new CommandLine(new Hexmq());
        commandLine.setParameterExceptionHandler(Hexmq::reportUsageError);
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            cmd.getErr().println("hexmq: " + e.getMessage());
            return 1;
        });
        return commandLine.execute(args);
    }

    private static int reportUsageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("hexmq: " + e.getMessage() + " (see 'bin/hexmq "
                + command.getCommandSpec().qualifiedName(" ").replaceFirst("^hexmq ?", "") + " --help')");
        return 2;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
