package io.hexmq.adapters.file.state;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A small state file replaced as a whole: the new content goes to a temporary file beside it, is
 * forced to disk, then renamed over the old one, and the directory entry is forced too. A crash at
 * any point leaves either the old file or the new one, never a torn mix. A leftover temporary file
 * from a crash is simply overwritten by the next write.
 */
public final class AtomicFile {

    private final Path path;
    private final Path temporary;

    public AtomicFile(Path path) {
        this.path = path.toAbsolutePath();
        this.temporary = this.path.resolveSibling(this.path.getFileName() + ".tmp");
    }

    public Path path() {
        return path;
    }

    /** The current content, or empty when the file was never written. */
    public Optional<byte[]> read() throws IOException {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        return Optional.of(Files.readAllBytes(path));
    }

    public void write(byte[] content) throws IOException {
        Files.createDirectories(path.getParent());
        try (FileChannel channel = FileChannel.open(temporary,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        try {
            Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
        }
        forceDirectory(path.getParent());
    }

    /** Makes the entries of {@code directory} (a file created or renamed in it) durable, where the platform can. */
    static void forceDirectory(Path directory) {
        // The rename is durable only once the directory entry is; not every platform lets us open a
        // directory for this, and there the rename is as durable as the platform makes it.
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // best effort, see above
        }
    }
}
