package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * One admin operation: connect, ask, print the {@link Report} as a table or as JSON, and exit.
 *
 * <p>Exit status: 0 done; 1 a server refused or did not answer ({@link HexmqClientException}: one
 * line on stderr with the response code and remark) or an {@link AdminFailure}; 2 a bad argument
 * (picocli's usage error, also for arguments the SDK rejects, such as an invalid topic name).
 */
abstract class AdminAction implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    HelpOption help;

    /** Does the work with a client that is closed afterwards. */
    abstract Report execute(HexmqClient client);

    @Override
    public final Integer call() {
        try (HexmqClient client = connection.client()) {
            Report report = execute(client);
            PrintWriter out = spec.commandLine().getOut();
            out.print(connection.json ? Json.write(report.json()) : report.text());
            out.flush();
            return 0;
        } catch (HexmqClientException e) {
            return fail(describe(e));
        } catch (AdminFailure e) {
            return fail(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** The command's name below {@code admin}, e.g. {@code topic route}, to say what failed. */
    String operation() {
        return spec.qualifiedName(" ").replaceFirst("^.*?\\badmin ", "");
    }

    private int fail(String reason) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("hexmq: " + operation() + ": " + reason.replaceAll("\\s*\\R\\s*", " "));
        err.flush();
        return 1;
    }

    private static String describe(HexmqClientException e) {
        String remark = e.remark() == null || e.remark().isBlank() ? "(no remark)" : e.remark();
        return remark + " (code " + e.responseCode() + ")";
    }
}
