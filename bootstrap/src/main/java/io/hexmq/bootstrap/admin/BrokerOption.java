package io.hexmq.bootstrap.admin;

import picocli.CommandLine.Option;

/** The one broker an operation addresses, by the address {@code cluster list} shows. */
final class BrokerOption {

    @Option(names = {"-b", "--broker"}, required = true, paramLabel = "HOST:PORT",
            description = "The broker's address, as `cluster list` shows it.")
    String address;
}
