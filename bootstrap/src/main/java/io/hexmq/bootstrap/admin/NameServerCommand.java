package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin namesrv config|update-config}: mqadmin's getNamesrvConfig and updateNamesrvConfig. */
@Command(name = "namesrv", description = "Read and change the NameServers' settings.",
        subcommands = {NameServerCommand.Config.class, NameServerCommand.UpdateConfig.class})
final class NameServerCommand {

    @Mixin
    HelpOption help;

    private NameServerCommand() {
    }

    @Command(name = "config", description = "Print every NameServer's settings.")
    static final class Config extends AdminAction {

        @Override
        Report execute(HexmqClient client) {
            Map<String, SortedMap<String, String>> configs = client.admin().nameServerConfigs();
            Table table = Table.of("NAMESERVER", "SETTING", "VALUE");
            configs.forEach((nameServer, settings) ->
                    settings.forEach((setting, value) -> table.row(nameServer, setting, value)));
            return Report.of(table, configs);
        }
    }

    @Command(name = "update-config",
            description = "Change settings on every NameServer at run time; all or nothing on each.")
    static final class UpdateConfig extends AdminAction {

        @Parameters(arity = "1..*", paramLabel = "SETTING=VALUE",
                description = "A setting to change, e.g. brokerTimeoutMillis=60000.")
        Map<String, String> changes = new LinkedHashMap<>();

        @Override
        Report execute(HexmqClient client) {
            client.admin().updateNameServerConfig(changes);
            return Report.line("Changed on every NameServer: " + changes, changes);
        }
    }
}
