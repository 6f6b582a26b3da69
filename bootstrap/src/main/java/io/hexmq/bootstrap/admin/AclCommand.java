package io.hexmq.bootstrap.admin;

import io.hexmq.client.AclAdmin;
import io.hexmq.client.HexmqClient;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin acl create|delete|list}: mqadmin's createAcl/updateAcl, deleteAcl and listAcl. */
@Command(name = "acl", description = "Grant, deny, delete and list ACL policies (sign as a super user).",
        subcommands = {AclCommand.Create.class, AclCommand.Delete.class, AclCommand.ListAcls.class})
final class AclCommand {

    @Mixin
    HelpOption help;

    /** A change for {@code --json}. */
    record Done(String cluster, String username, List<String> resources) {
    }

    private AclCommand() {
    }

    @Command(name = "create", description = "Allow or deny actions on resources; replaces the user's entries on"
            + " the same resources.")
    static final class Create extends UserCommand.UserAction {

        @Parameters(index = "0", paramLabel = "USERNAME", description = "The user the policy is for.")
        String username;

        @Option(names = "--resources", required = true, split = ",", paramLabel = "RESOURCE[,...]",
                description = "Topic:orders, Topic:order-*, Group:g, Cluster, * ...")
        List<String> resources;

        @Option(names = "--actions", required = true, split = ",", paramLabel = "ACTION[,...]",
                description = "Pub, Sub, Create, Update, Delete, Get, List, All.")
        List<String> actions;

        @Option(names = "--source-ips", split = ",", paramLabel = "IP|CIDR[,...]",
                description = "Where requests may come from (default: anywhere).")
        List<String> sourceIps = List.of();

        @Option(names = "--decision", defaultValue = "Allow", paramLabel = "Allow|Deny",
                description = "Allow (default) or Deny; a Deny wins.")
        String decision;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster(client);
            client.aclAdmin().putAcl(target, username, resources, actions, sourceIps, decision);
            return Report.line(decision + " " + String.join(",", actions) + " on " + String.join(",", resources)
                    + " for " + username, new Done(target, username, resources));
        }
    }

    @Command(name = "delete", description = "Delete a user's entries on one resource, or all of them.")
    static final class Delete extends UserCommand.UserAction {

        @Parameters(index = "0", paramLabel = "USERNAME", description = "The user.")
        String username;

        @Option(names = "--resource", paramLabel = "RESOURCE", description = "Only the entries on this resource.")
        String resource;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster(client);
            client.aclAdmin().deleteAcl(target, username, resource);
            return Report.line("Deleted " + (resource == null ? "every entry" : "the entries on " + resource)
                    + " of " + username, new Done(target, username, resource == null ? List.of() : List.of(resource)));
        }
    }

    @Command(name = "list", description = "List every user's policy entries.")
    static final class ListAcls extends UserCommand.UserAction {

        @Override
        Report execute(HexmqClient client) {
            List<AclAdmin.Entry> entries = client.aclAdmin().listAcls(cluster(client));
            Table table = Table.of("USER", "RESOURCE", "ACTIONS", "SOURCE IPS", "DECISION");
            entries.forEach(entry -> table.row(entry.username(), entry.resource(), String.join(",", entry.actions()),
                    entry.sourceIps().isEmpty() ? "*" : String.join(",", entry.sourceIps()), entry.decision()));
            return Report.of(table, entries);
        }
    }
}
