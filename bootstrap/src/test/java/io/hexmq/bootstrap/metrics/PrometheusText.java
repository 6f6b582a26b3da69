package io.hexmq.bootstrap.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for tests: every line is a {@code # HELP},
 * a {@code # TYPE} or a sample; a family is typed before its first sample and typed once; a sample's name is its
 * family's, with the suffixes its type allows; label names are valid and unique; values are Go floats; no series
 * appears twice. Anything else fails the parse with the line's number.
 */
final class PrometheusText {

    record Sample(String name, Map<String, String> labels, double value) {
    }

    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "summary", "untyped");

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    static PrometheusText parse(String text) {
        Map<String, String> types = new HashMap<>();
        Set<String> helped = new HashSet<>();
        Set<String> seen = new HashSet<>();
        List<Sample> samples = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        if (!text.endsWith("\n")) {
            throw new IllegalArgumentException("the exposition does not end with a line feed");
        }
        for (int i = 0; i < lines.length - 1; i++) {
            String line = lines[i];
            int number = i + 1;
            if (line.startsWith("# HELP ")) {
                String name = firstWord(line.substring(7), number);
                require(helped.add(name), number, "a second HELP for " + name);
            } else if (line.startsWith("# TYPE ")) {
                String[] parts = line.substring(7).split(" ");
                require(parts.length == 2 && METRIC_NAME.matcher(parts[0]).matches() && TYPES.contains(parts[1]),
                        number, "a malformed TYPE line: " + line);
                require(types.putIfAbsent(parts[0], parts[1]) == null, number, "a second TYPE for " + parts[0]);
            } else if (line.startsWith("#") || line.isEmpty()) {
                require(false, number, "a line that is neither HELP, TYPE nor a sample: '" + line + "'");
            } else {
                Sample sample = sample(line, number);
                require(familyOf(sample.name(), types).isPresent(), number, "a sample of no typed family: " + line);
                require(seen.add(sample.name() + sample.labels()), number, "a second sample of one series: " + line);
                samples.add(sample);
            }
        }
        return new PrometheusText(samples);
    }

    /** The value of the one sample of {@code name} whose labels include {@code labels}; fails unless exactly one. */
    double value(String name, Map<String, String> labels) {
        List<Sample> matching = matching(name, labels);
        if (matching.size() != 1) {
            throw new AssertionError("expected one sample " + name + labels + ", found " + matching);
        }
        return matching.get(0).value();
    }

    List<Sample> matching(String name, Map<String, String> labels) {
        return samples.stream().filter(sample -> sample.name().equals(name)
                && sample.labels().entrySet().containsAll(labels.entrySet())).toList();
    }

    private static Optional<String> familyOf(String sample, Map<String, String> types) {
        if ("counter".equals(types.get(sample)) || "gauge".equals(types.get(sample))
                || "untyped".equals(types.get(sample))) {
            return Optional.of(sample);
        }
        for (String suffix : List.of("_total", "_created", "_bucket", "_count", "_sum")) {
            if (sample.endsWith(suffix)) {
                String family = sample.substring(0, sample.length() - suffix.length());
                String type = types.get(family);
                boolean counterPart = "counter".equals(type) && (suffix.equals("_total") || suffix.equals("_created"));
                boolean histogramPart = "histogram".equals(type) && !suffix.equals("_total");
                boolean summaryPart = "summary".equals(type) && (suffix.equals("_count") || suffix.equals("_sum")
                        || suffix.equals("_created"));
                if (counterPart || histogramPart || summaryPart) {
                    return Optional.of(family);
                }
            }
        }
        return Optional.empty();
    }

    private static Sample sample(String line, int number) {
        Matcher name = METRIC_NAME.matcher(line);
        require(name.lookingAt(), number, "a sample without a metric name: " + line);
        int at = name.end();
        Map<String, String> labels = new LinkedHashMap<>();
        if (at < line.length() && line.charAt(at) == '{') {
            at = labels(line, at + 1, labels, number);
        }
        require(at < line.length() && line.charAt(at) == ' ', number, "no space before the value: " + line);
        String[] rest = line.substring(at + 1).split(" ");
        require(rest.length == 1 || rest.length == 2, number, "more than a value and a timestamp: " + line);
        if (rest.length == 2) {
            require(rest[1].matches("-?[0-9]+"), number, "a timestamp that is not an integer: " + line);
        }
        return new Sample(name.group(), labels, value(rest[0], number));
    }

    /** Reads {@code name="value",...}} from {@code at}; returns the index after the closing brace. */
    private static int labels(String line, int at, Map<String, String> labels, int number) {
        while (at < line.length() && line.charAt(at) != '}') {
            Matcher name = LABEL_NAME.matcher(line).region(at, line.length());
            require(name.lookingAt(), number, "a malformed label name at " + at + ": " + line);
            at = name.end();
            require(line.startsWith("=\"", at), number, "a label without =\" at " + at + ": " + line);
            at += 2;
            StringBuilder value = new StringBuilder();
            while (at < line.length() && line.charAt(at) != '"') {
                char c = line.charAt(at);
                if (c == '\\') {
                    require(at + 1 < line.length(), number, "a dangling escape: " + line);
                    char escaped = line.charAt(at + 1);
                    require(escaped == '\\' || escaped == '"' || escaped == 'n', number, "a bad escape: " + line);
                    value.append(escaped == 'n' ? '\n' : escaped);
                    at += 2;
                } else {
                    value.append(c);
                    at++;
                }
            }
            require(at < line.length(), number, "an unterminated label value: " + line);
            require(labels.put(name.group(), value.toString()) == null, number, "a label given twice: " + line);
            at++;
            if (at < line.length() && line.charAt(at) == ',') {
                at++;
            }
        }
        require(at < line.length(), number, "unclosed labels: " + line);
        return at + 1;
    }

    private static double value(String text, int number) {
        switch (text) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("line " + number + ": not a value: " + text, e);
                }
        }
    }

    private static String firstWord(String text, int number) {
        String name = text.split(" ", 2)[0];
        require(METRIC_NAME.matcher(name).matches(), number, "a malformed metric name: " + name);
        return name;
    }

    private static void require(boolean condition, int number, String problem) {
        if (!condition) {
            throw new IllegalArgumentException("line " + number + ": " + problem);
        }
    }
}
