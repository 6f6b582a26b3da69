package io.hexmq.bootstrap.admin;

import picocli.CommandLine.Option;

/** {@code -h/--help} alone: picocli's standard mixin would add a {@code -V} the admin commands have no use for. */
final class HelpOption {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;
}
