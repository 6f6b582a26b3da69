package io.hexmq.bootstrap.admin;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.hexmq.bootstrap.Hexmq;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs {@code hexmq admin ...} in this JVM through picocli, its stdout and stderr captured. Public for the
 * compatibility ITs that check what the CLI prints of what the official clients did.
 */
public final class AdminCli {

    private final String nameServer;

    public AdminCli(String nameServer) {
        this.nameServer = nameServer;
    }

    /** {@code hexmq admin <args> -n <the test server>}. */
    public Result run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("-n");
        all.add(nameServer);
        return runRaw(all.toArray(String[]::new));
    }

    /** {@code hexmq admin <args>}, nothing added. */
    static Result runRaw(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = new CommandLine(new Hexmq());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>();
        all.add("admin");
        all.addAll(List.of(args));
        int exitCode = commandLine.execute(all.toArray(String[]::new));
        return new Result(exitCode, out.toString(), err.toString());
    }

    public record Result(int exitCode, String out, String err) {

        public List<String> outLines() {
            return out.lines().toList();
        }

        public List<String> errLines() {
            return err.lines().toList();
        }

        public JsonElement json() {
            return JsonParser.parseString(out);
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
