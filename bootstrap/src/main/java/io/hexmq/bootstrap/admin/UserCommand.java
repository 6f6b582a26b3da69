package io.hexmq.bootstrap.admin;

import io.hexmq.client.AclAdmin;
import io.hexmq.client.HexmqClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin user create|update|delete|list}: mqadmin's createUser, updateUser, deleteUser, listUser. */
@Command(name = "user", description = "Create, update, delete and list ACL users (sign as a super user).",
        subcommands = {UserCommand.Create.class, UserCommand.Update.class, UserCommand.Delete.class,
                UserCommand.ListUsers.class})
final class UserCommand {

    @Mixin
    HelpOption help;

    /** A user for {@code --json}. */
    record Done(String cluster, String username) {
    }

    private UserCommand() {
    }

    /** The cluster every user command acts on. */
    abstract static class UserAction extends AdminAction {

        @Option(names = "--cluster", paramLabel = "NAME", description = "The cluster (default: the only one).")
        String cluster;

        String cluster(HexmqClient client) {
            return cluster != null ? cluster : client.admin().clusters().get(0).cluster();
        }
    }

    @Command(name = "create", description = "Create a user on every master of the cluster.")
    static final class Create extends UserAction {

        @Parameters(index = "0", paramLabel = "USERNAME", description = "The user's name (its access key).")
        String username;

        @Option(names = "--password", required = true, paramLabel = "PASSWORD", description = "Its password.")
        String password;

        @Option(names = "--super", description = "A super user, allowed everything.")
        boolean superUser;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster(client);
            client.aclAdmin().createUser(target, username, password, superUser);
            return Report.line("Created user " + username + " on " + target, new Done(target, username));
        }
    }

    @Command(name = "update", description = "Change a user's password, type or status.")
    static final class Update extends UserAction {

        @Parameters(index = "0", paramLabel = "USERNAME", description = "The user's name.")
        String username;

        @Option(names = "--password", paramLabel = "PASSWORD", description = "A new password.")
        String password;

        @Option(names = "--type", paramLabel = "Super|Normal", description = "A new type.")
        String type;

        @Option(names = "--status", paramLabel = "enable|disable", description = "A new status.")
        String status;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster(client);
            client.aclAdmin().updateUser(target, username, password, type, status);
            return Report.line("Updated user " + username + " on " + target, new Done(target, username));
        }
    }

    @Command(name = "delete", description = "Delete a user and its policies.")
    static final class Delete extends UserAction {

        @Parameters(index = "0", paramLabel = "USERNAME", description = "The user's name.")
        String username;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster(client);
            client.aclAdmin().deleteUser(target, username);
            return Report.line("Deleted user " + username + " on " + target, new Done(target, username));
        }
    }

    @Command(name = "list", description = "List the users (never their passwords).")
    static final class ListUsers extends UserAction {

        @Override
        Report execute(HexmqClient client) {
            java.util.List<AclAdmin.User> users = client.aclAdmin().listUsers(cluster(client));
            Table table = Table.of("USER", "TYPE", "STATUS");
            users.forEach(user -> table.row(user.username(), user.userType(), user.userStatus()));
            return Report.of(table, users);
        }
    }
}
