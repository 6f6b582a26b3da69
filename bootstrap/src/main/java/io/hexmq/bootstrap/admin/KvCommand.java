package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin kv put|get|delete}: mqadmin's updateKvConfig, getKvConfig and deleteKvConfig. */
@Command(name = "kv", description = "Put, get and delete NameServer KV config.",
        subcommands = {KvCommand.Put.class, KvCommand.Get.class, KvCommand.Delete.class})
final class KvCommand {

    @Mixin
    HelpOption help;

    /** A KV entry for {@code --json}; {@code value} is null after a delete. */
    record Entry(String namespace, String key, String value) {
    }

    private KvCommand() {
    }

    /** The namespace and key every KV command names. */
    abstract static class KvAction extends AdminAction {

        @Parameters(index = "0", paramLabel = "NAMESPACE", description = "The namespace, e.g. ORDER_TOPIC_CONFIG.")
        String namespace;

        @Parameters(index = "1", paramLabel = "KEY", description = "The key within the namespace.")
        String key;
    }

    @Command(name = "put", description = "Set a KV config entry on every NameServer.")
    static final class Put extends KvAction {

        @Parameters(index = "2", paramLabel = "VALUE", description = "The value.")
        String value;

        @Override
        Report execute(HexmqClient client) {
            client.admin().putKvConfig(namespace, key, value);
            return Report.line("Set " + namespace + " " + key + " = " + value, new Entry(namespace, key, value));
        }
    }

    @Command(name = "get",
            description = "Print a KV config entry's value; exit status 1 when there is none.")
    static final class Get extends KvAction {

        @Override
        Report execute(HexmqClient client) {
            String value = client.admin().getKvConfig(namespace, key).orElseThrow(() ->
                    new AdminFailure("no KV config " + key + " in namespace " + namespace));
            return Report.line(value, new Entry(namespace, key, value));
        }
    }

    @Command(name = "delete",
            description = "Delete a KV config entry from every NameServer.")
    static final class Delete extends KvAction {

        @Override
        Report execute(HexmqClient client) {
            client.admin().deleteKvConfig(namespace, key);
            return Report.line("Deleted " + namespace + " " + key, new Entry(namespace, key, null));
        }
    }
}
