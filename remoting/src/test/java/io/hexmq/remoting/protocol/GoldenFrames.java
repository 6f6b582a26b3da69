package io.hexmq.remoting.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.stream.Collectors;

/** Reads the frames under {@code src/test/resources/golden}: hex text, {@code #} comment lines. */
final class GoldenFrames {

    private GoldenFrames() {
    }

    static byte[] load(String name) {
        try (InputStream in = GoldenFrames.class.getResourceAsStream("/golden/" + name + ".hex")) {
            if (in == null) {
                throw new IllegalArgumentException("no golden frame " + name);
            }
            String hex = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(line -> !line.startsWith("#"))
                    .map(String::strip)
                    .collect(Collectors.joining());
            return HexFormat.of().parseHex(hex);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
