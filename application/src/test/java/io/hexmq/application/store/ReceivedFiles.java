package io.hexmq.application.store;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** What a follower receives of a leader's {@link DurableFiles}: the listed bytes of each file, staged in a directory. */
final class ReceivedFiles implements DurableFiles {

    private final Path root;
    private final List<DurableFile> files;

    private ReceivedFiles(Path root, List<DurableFile> files) {
        this.root = root;
        this.files = files;
    }

    /** Copies the first {@code length} bytes of every listed file into {@code staging}, as a transfer would. */
    static ReceivedFiles of(DurableFiles shipped, Path staging) {
        try {
            for (DurableFile file : shipped.files()) {
                Path target = staging.resolve(file.path());
                Files.createDirectories(target.getParent());
                try (FileChannel in = FileChannel.open(shipped.root().resolve(file.path()), StandardOpenOption.READ);
                     FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW,
                             StandardOpenOption.WRITE)) {
                    long copied = 0;
                    while (copied < file.length()) {
                        copied += in.transferTo(copied, file.length() - copied, out);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ReceivedFiles(staging, shipped.files());
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public List<DurableFile> files() {
        return files;
    }

    @Override
    public void close() {
    }
}
