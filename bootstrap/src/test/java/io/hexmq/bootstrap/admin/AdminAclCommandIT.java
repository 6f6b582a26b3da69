package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.admin.AdminCli.Result;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code hexmq admin user ...} and {@code admin acl ...} against a standalone with ACL 2.0 on. */
class AdminAclCommandIT {

    @RegisterExtension
    static final StandaloneExtension<?> hexmq = StandaloneExtension.onFileStore().withSettings(Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}"));

    private static AdminCli cli;

    @BeforeAll
    static void start() {
        cli = new AdminCli(hexmq.server().nameServer());
    }

    private static Result asRoot(String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--access-key";
        all[args.length + 1] = "rocketmq";
        all[args.length + 2] = "--secret-key";
        all[args.length + 3] = "12345678";
        return cli.run(all);
    }

    @Test
    void createsUsersAndPolicies_andListsThemWithoutPasswords() {
        Result created = asRoot("user", "create", "cli-alice", "--password", "alice-secret");
        assertThat(created.exitCode()).as("%s", created).isZero();
        Result granted = asRoot("acl", "create", "cli-alice", "--resources", "Topic:cli-*,Group:cli-g",
                "--actions", "Pub,Sub", "--source-ips", "10.0.0.0/8");
        assertThat(granted.exitCode()).as("%s", granted).isZero();
        assertThat(asRoot("user", "update", "cli-alice", "--status", "disable").exitCode()).isZero();

        Result users = asRoot("user", "list");
        assertThat(users.exitCode()).as("%s", users).isZero();
        assertThat(users.out()).contains("cli-alice").contains("disable").contains("rocketmq")
                .doesNotContain("alice-secret").doesNotContain("12345678");
        Result acls = asRoot("acl", "list");
        assertThat(acls.outLines()).anySatisfy(line -> assertThat(line).contains("cli-alice", "Topic:cli-*", "Pub,Sub",
                "10.0.0.0/8", "Allow"));

        assertThat(asRoot("acl", "delete", "cli-alice", "--resource", "Topic:cli-*").exitCode()).isZero();
        assertThat(asRoot("acl", "list").out()).doesNotContain("Topic:cli-*");
        assertThat(asRoot("user", "delete", "cli-alice").exitCode()).isZero();
        assertThat(asRoot("user", "list").out()).doesNotContain("cli-alice");
    }

    @Test
    void refusesAnUnsignedAdmin_withTheBrokersRemark() {
        Result unsigned = cli.run("user", "list");

        assertThat(unsigned.exitCode()).isEqualTo(1);
        assertThat(unsigned.errLines()).singleElement().asString().contains("code 16");
    }
}
