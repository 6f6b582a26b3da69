package io.hexmq.adapters.chronicle.log;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What {@link ChronicleLog#open} checks of a directory before and after Chronicle opens it: that each file
 * looks like this Chronicle version's, and which files Chronicle set aside as unreadable.
 */
final class ChronicleFileCheck {

    private static final String CYCLE_FILE_SUFFIX = ".cq4";
    private static final String METADATA_FILE = "metadata.cq4t";
    private static final String DISCARD_SUFFIX = ".discard";
    private static final int HEADER_PROBE_LENGTH = 32;
    private static final int CHRONICLE_META_DATA = 0x40000000;
    private static final int CHRONICLE_NOT_COMPLETE = 0x80000000;

    private ChronicleFileCheck() {
    }

    static Set<Path> discarded(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            Set<Path> found = new HashSet<>();
            files.filter(file -> file.getFileName().toString().endsWith(DISCARD_SUFFIX)).forEach(found::add);
            return found;
        }
    }

    /**
     * Each Chronicle file starts with a complete metadata document whose first field is {@code header},
     * typed {@code SCQStore} (cycle files) or {@code STStore} (the metadata table).
     */
    static void verifyHeaders(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                if (name.endsWith(CYCLE_FILE_SUFFIX)) {
                    verifyHeader(file, "SCQStore");
                } else if (name.equals(METADATA_FILE)) {
                    verifyHeader(file, "STStore");
                }
            }
        }
    }

    static void verifyHeader(Path file, String expectedType) throws IOException {
        ByteBuffer probe = ByteBuffer.allocate(HEADER_PROBE_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.read(probe, 0);
        }
        int header = probe.getInt(0);
        String text = new String(probe.array(), StandardCharsets.ISO_8859_1);
        boolean complete = (header & CHRONICLE_NOT_COMPLETE) == 0 && (header & CHRONICLE_META_DATA) != 0;
        if (probe.hasRemaining() || !complete || !text.contains("header") || !text.contains(expectedType)) {
            throw new StorageException("the Chronicle store file " + file + " is corrupt or was written by an"
                + " incompatible version: it does not start with a " + expectedType + " header");
        }
    }
}
