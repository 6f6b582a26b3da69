package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.LauncherProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hexmq admin} in a child JVM, as a user runs it: help, usage errors and failures as the launcher prints them. */
class AdminLauncherIT {

    @TempDir
    Path workDir;

    @Test
    void adminHelp_listsEveryOperation() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "admin", "--help")) {
            assertThat(launcher.awaitExit()).isZero();
            assertThat(String.join("\n", launcher.output())).contains("Usage: hexmq admin", "topic create",
                    "topic status", "cluster list", "consumer progress", "message send", "message query-key",
                    "kv delete", "--json");
        }
    }

    @Test
    void rootHelp_mentionsAdmin() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "--help")) {
            assertThat(launcher.awaitExit()).isZero();
            assertThat(launcher.output()).anySatisfy(line -> assertThat(line).matches("\\s+admin\\s+Administer.*"));
        }
    }

    @Test
    void anUnknownOption_isOneLineAndExit2() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "admin", "topic", "route", "t", "--frobnicate")) {
            assertThat(launcher.awaitExit()).isEqualTo(2);
            assertThat(launcher.output()).singleElement().asString()
                    .startsWith("hexmq: Unknown option: '--frobnicate'")
                    .endsWith("(see 'bin/hexmq admin topic route --help')");
        }
    }

    @Test
    void anUnreachableNameServer_isOneLineAndExit1() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "admin", "cluster", "list",
                "-n", "127.0.0.1:1", "--timeout", "2000")) {
            assertThat(launcher.awaitExit()).isEqualTo(1);
            assertThat(launcher.output()).singleElement().asString().startsWith("hexmq: cluster list: ");
        }
    }
}
