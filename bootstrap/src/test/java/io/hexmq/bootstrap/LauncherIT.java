package io.hexmq.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hexmq} started as a separate process, the way a user starts it. */
class LauncherIT {

    private static final Pattern NAMESRV_LISTENING = Pattern.compile("NameServer listening on 127\\.0\\.0\\.1:(\\d+)");

    @TempDir
    Path workDir;

    @Test
    void namesrvLogsWhereItListens_acceptsConnections_andStopsGracefullyOnSigterm() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "namesrv", "--listen", "127.0.0.1:0")) {
            int port = Integer.parseInt(launcher.awaitLine(NAMESRV_LISTENING));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                assertThat(socket.isConnected()).isTrue();
            }

            launcher.terminate();

            int exitCode = launcher.awaitExit();
            assertThat(launcher.output()).as("exit code %d", exitCode).anySatisfy(line -> assertThat(line).contains("NameServer stopped"));
        }
    }

    @Test
    void failsAtOnceWithOneLine_whenThePortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"));
             LauncherProcess launcher = LauncherProcess.start(workDir,
                     "namesrv", "--listen", "127.0.0.1:" + taken.getLocalPort())) {
            assertThat(launcher.awaitExit()).isNotZero();
            assertThat(launcher.output()).anySatisfy(line -> assertThat(line)
                    .startsWith("hexmq: ").contains("127.0.0.1:" + taken.getLocalPort()).containsIgnoringCase("in use"));
        }
    }

    @Test
    void failsAtOnceWithOneLine_whenTheConfigFileCannotBeRead() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "namesrv", "--config", "missing.properties")) {
            assertThat(launcher.awaitExit()).isNotZero();
            assertThat(launcher.output()).containsExactly("hexmq: cannot read config file missing.properties: no such file");
        }
    }

    @Test
    void failsAtOnceWithOneLine_onAnUnknownOption() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "namesrv", "--frobnicate")) {
            assertThat(launcher.awaitExit()).isEqualTo(2);
            assertThat(launcher.output()).hasSize(1);
            assertThat(launcher.output().get(0)).startsWith("hexmq: Unknown option: '--frobnicate'");
        }
    }

    @Test
    void readsSettingsFromAConfigFile_andWarnsAboutUnknownOnes() throws Exception {
        Path config = workDir.resolve("namesrv.properties");
        Files.writeString(config, "bindAddress=127.0.0.1\nlistenPort=0\nkvConfigPath=kv/kv.json\nlistenPrt=1\n");
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "namesrv", "--config", config.toString())) {
            launcher.awaitLine(NAMESRV_LISTENING);
            assertThat(launcher.output()).anySatisfy(line -> assertThat(line).contains("Ignoring unknown setting 'listenPrt'"));
            launcher.terminate();
            launcher.awaitExit();
        }
    }

    @Test
    void helpListsTheCommands() throws Exception {
        try (LauncherProcess launcher = LauncherProcess.start(workDir, "--help")) {
            assertThat(launcher.awaitExit()).isZero();
            assertThat(String.join("\n", launcher.output())).contains("namesrv");
        }
    }
}
