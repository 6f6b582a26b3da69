package io.hexmq.benchmarks.load;

import java.util.Map;

/**
 * The command line both connection holders share: how many producers and push consumers to hold, in
 * consumer groups of {@code --group-size}, spread over {@code --topics} topics made by {@link
 * BrokerScaleLoad}, for {@code --hold-seconds}.
 */
record HoldOptions(String nameServer, int producers, int consumers, int groupSize, int topics, int holdSeconds) {

    static HoldOptions parse(String[] args) {
        Map<String, String> options = Options.parse(args);
        return new HoldOptions(options.getOrDefault("namesrv", "127.0.0.1:9876"),
                Integer.parseInt(options.getOrDefault("producers", "500")),
                Integer.parseInt(options.getOrDefault("consumers", "500")),
                Integer.parseInt(options.getOrDefault("group-size", "10")),
                Integer.parseInt(options.getOrDefault("topics", "100")),
                Integer.parseInt(options.getOrDefault("hold-seconds", "150")));
    }

    int groups() {
        return (consumers + groupSize - 1) / groupSize;
    }

    /** The topic of producer {@code i}, or of consumer group {@code i}. */
    String topic(int i) {
        return BrokerScaleLoad.topicName(i % topics);
    }
}
