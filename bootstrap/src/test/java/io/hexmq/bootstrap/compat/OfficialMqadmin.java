package io.hexmq.bootstrap.compat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.srvutil.ServerUtil;
import org.apache.rocketmq.tools.command.SubCommand;

/**
 * One of RocketMQ 5's {@code mqadmin} sub-commands run in this JVM as mqadmin's main runs it with
 * {@code -n}: what an operator would see, not a replay of the calls it makes. Serialised, since the command
 * prints to System.out and reads the NameServer from a system property, both the JVM's.
 */
final class OfficialMqadmin {

    /**
     * Why a test class that runs a command must run alone ({@code @Isolated}): while a command runs, every
     * thread's System.out, other tests' log lines included, would print into what the command printed.
     */
    static final String SWAPS_SYSTEM_OUT = "OfficialMqadmin captures System.out, the JVM's, while a command runs";

    private OfficialMqadmin() {
    }

    /** @return the lines {@code command} printed */
    static synchronized List<String> run(SubCommand command, String nameServer, String... args) throws Exception {
        Options options = command.buildCommandlineOptions(ServerUtil.buildCommandlineOptions(new Options()));
        List<String> all = new ArrayList<>(List.of("-n", nameServer));
        all.addAll(List.of(args));
        CommandLine line = new DefaultParser().parse(options, all.toArray(String[]::new));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        String property = System.getProperty(MixAll.NAMESRV_ADDR_PROPERTY);
        // the command reads the NameServer from this property, as mqadmin's main sets it from -n
        System.setProperty(MixAll.NAMESRV_ADDR_PROPERTY, nameServer);
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            command.execute(line, options, null);
        } finally {
            System.setOut(out);
            if (property == null) {
                System.clearProperty(MixAll.NAMESRV_ADDR_PROPERTY);
            } else {
                System.setProperty(MixAll.NAMESRV_ADDR_PROPERTY, property);
            }
        }
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
