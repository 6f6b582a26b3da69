package io.hexmq.adapters.ratis.install;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/** Files a follower received from its leader, staged in a directory of the log's own, deleted on close. */
final class ReceivedFiles implements DurableFiles {

    private final Path root;
    private final List<DurableFile> files;

    ReceivedFiles(Path root, List<DurableFile> files) {
        this.root = root;
        this.files = List.copyOf(files);
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public List<DurableFile> files() {
        return files;
    }

    /** Deletes whatever the installation left in the staging directory. */
    @Override
    public void close() {
        deleteRecursively(root);
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path visited, IOException failure) throws IOException {
                    if (failure != null) {
                        throw failure;
                    }
                    Files.delete(visited);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("deleting " + dir + " failed", e);
        }
    }
}
