package io.hexmq.adapters.chronicle.mapped;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The index files' memory: a file of a fixed size mapped read-write, created sparse (zeros) when missing.
 * The channel is closed at once; the mapping stays valid until it is collected, even after the file is
 * deleted, so a reader holding an older table never touches unmapped memory. Nothing is unmapped
 * explicitly for that reason.
 */
public final class MappedFiles {

    private MappedFiles() {
    }

    /** Maps {@code size} bytes of {@code file}, creating it (and its directory) or growing it to that size. */
    public static MappedByteBuffer map(Path file, int size) {
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
                return channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            }
        } catch (IOException e) {
            throw new StorageException("cannot map " + file + ": " + e, e);
        }
    }

    /** Writes the mapping's dirty pages in {@code [from, from + length)} to disk. */
    public static void force(MappedByteBuffer mapping, int from, int length, Path file) {
        try {
            mapping.force(from, length);
        } catch (RuntimeException e) {
            throw new StorageException("cannot flush " + file + ": " + e, e);
        }
    }

    /** Forces a directory's entries (a file created in it) to disk; a directory gone meanwhile is fine. */
    public static void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (NoSuchFileException gone) {
            // deleted with its queue: nothing to keep
        } catch (IOException e) {
            throw new StorageException("cannot flush the directory " + directory + ": " + e, e);
        }
    }

    /** Deletes {@code path} and everything under it; nothing there is fine. */
    public static void deleteTree(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(path)) {
            for (Path each : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(each);
            }
        } catch (IOException e) {
            throw new StorageException("cannot delete " + path + ": " + e, e);
        }
    }

    public static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new StorageException("cannot delete " + file + ": " + e, e);
        }
    }
}
