package io.hexmq.benchmarks.load;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code --name value} pairs of a load benchmark's command line. */
final class Options {

    private Options() {
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "'");
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }
}
