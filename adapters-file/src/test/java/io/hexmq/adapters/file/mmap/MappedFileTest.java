package io.hexmq.adapters.file.mmap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileTest {

    private static final Path OWN_FILE_DESCRIPTORS = Path.of("/proc/self/fd");

    @TempDir
    Path directory;

    @Test
    void holdsNoOpenFile_onceMapped_yetWritesReachTheFile() throws IOException {
        assumeTrue(Files.isDirectory(OWN_FILE_DESCRIPTORS), "needs Linux's /proc/self/fd");
        MappedFile segment = MappedFile.open(directory, 0, 4096);
        byte[] text = "kept".getBytes(StandardCharsets.US_ASCII);

        segment.write(0, ByteBuffer.wrap(text), text.length);
        segment.force();

        assertThat(descriptorsOpenOn(segment.path())).isZero();
        byte[] onDisk = Files.readAllBytes(segment.path());
        assertThat(onDisk).hasSize(4096);
        assertThat(new String(onDisk, 0, text.length, StandardCharsets.US_ASCII)).isEqualTo("kept");
    }

    private static long descriptorsOpenOn(Path file) throws IOException {
        Path real = file.toRealPath();
        try (Stream<Path> descriptors = Files.list(OWN_FILE_DESCRIPTORS)) {
            return descriptors.filter(descriptor -> {
                try {
                    return Files.readSymbolicLink(descriptor).equals(real);
                } catch (IOException closedMeanwhile) {
                    return false;
                }
            }).count();
        }
    }
}
