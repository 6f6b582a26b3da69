package io.hexmq.bootstrap.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Spec;

/**
 * {@code hexmq admin}: the mqadmin operations people use most, over the hexmq SDK's admin. Works with
 * hexmq and with Apache RocketMQ servers. Its help lists every operation, two levels deep, so one
 * {@code --help} shows all there is.
 */
@Command(name = "admin",
        description = "Administer a running cluster through its NameServer (topics, clusters, consumers, "
                + "messages, KV config, NameServer settings).",
        footer = {"", "Every command takes -n/--namesrv HOST:PORT[;...], --timeout MS and --json; "
                + "'bin/hexmq admin <group> <command> --help' shows its options.",
            "Exit status: 0 done, 1 the servers refused or did not answer (one line on stderr), 2 bad usage."},
        subcommands = {TopicCommand.class, ClusterCommand.class, ConsumerCommand.class, MessageCommand.class,
                KvCommand.class, NameServerCommand.class, BrokerConfigCommand.class, UserCommand.class, AclCommand.class})
public final class AdminCommand {

    private static final String INDENT = "  ";

    @Mixin
    HelpOption help;

    /** Replaces picocli's one-level command list with one line per operation. */
    @Spec
    void listEveryOperationInTheHelp(CommandSpec spec) {
        spec.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, AdminCommand::operations);
    }

    private static String operations(CommandLine.Help help) {
        List<String[]> lines = new ArrayList<>();
        for (Map.Entry<String, CommandLine.Help> group : help.subcommands().entrySet()) {
            Map<String, CommandLine.Help> operations = group.getValue().subcommands();
            if (operations.isEmpty()) {
                lines.add(new String[] {group.getKey(), firstLine(group.getValue())});
            }
            for (Map.Entry<String, CommandLine.Help> operation : operations.entrySet()) {
                if (!"help".equals(operation.getKey())) {
                    lines.add(new String[] {group.getKey() + " " + operation.getKey(), firstLine(operation.getValue())});
                }
            }
        }
        int width = lines.stream().mapToInt(line -> line[0].length()).max().orElse(0);
        StringBuilder text = new StringBuilder();
        for (String[] line : lines) {
            text.append(INDENT).append(line[0]).append(" ".repeat(width - line[0].length())).append(INDENT)
                    .append(line[1]).append(System.lineSeparator());
        }
        return text.toString();
    }

    private static String firstLine(CommandLine.Help help) {
        String[] description = help.commandSpec().usageMessage().description();
        return description.length == 0 ? "" : description[0];
    }
}
