package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code hexmq admin broker ...}: mqadmin's getBrokerConfig and updateBrokerConfig here, and the operations on one
 * broker of {@link BrokerInspection} and {@link BrokerHousekeeping}.
 */
@Command(name = "broker", description = "Read and change a broker's settings, inspect it, run its housekeeping.",
        subcommands = {BrokerConfigCommand.Config.class, BrokerConfigCommand.UpdateConfig.class,
                BrokerInspection.Status.class, BrokerInspection.HaStatusOf.class, BrokerInspection.Stats.class, BrokerInspection.ConsumeStats.class,
                BrokerHousekeeping.DeleteExpiredCommitLog.class, BrokerHousekeeping.CleanExpiredConsumeQueue.class,
                BrokerHousekeeping.CleanUnusedTopic.class})
final class BrokerConfigCommand {

    @Mixin
    HelpOption help;

    private BrokerConfigCommand() {
    }

    @Command(name = "config", description = "Print a broker's settings, as it runs with them now.")
    static final class Config extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Override
        Report execute(HexmqClient client) {
            SortedMap<String, String> settings = client.admin().brokerConfig(broker.address);
            Table table = Table.of("SETTING", "VALUE");
            settings.forEach(table::row);
            return Report.of(table, settings);
        }
    }

    @Command(name = "update-config",
            description = "Change a broker's settings at run time, all or nothing: brokerPermission (6 read and "
                    + "write, 4 read only: the NameServers route no new sends to it), autoCreateTopicEnable, "
                    + "autoCreateSubscriptionGroup, enablePropertyFilter. Other settings change with a restart; "
                    + "a change lasts until the broker stops.")
    static final class UpdateConfig extends AdminAction {

        @Mixin
        BrokerOption broker;

        @Parameters(arity = "1..*", paramLabel = "SETTING=VALUE", description = "A setting to change, e.g. brokerPermission=4.")
        Map<String, String> changes = new LinkedHashMap<>();

        @Override
        Report execute(HexmqClient client) {
            client.admin().updateBrokerConfig(broker.address, changes);
            return Report.line("Changed on " + broker.address + ": " + changes, changes);
        }
    }
}
