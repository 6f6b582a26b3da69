package io.hexmq.adapters.ratis.install;

import io.hexmq.domain.replication.DurableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The follower's side of a catch-up: opens a session on the leader, copies every listed file chunk by
 * chunk (each checked against its checksum) into a staging directory, forces them to disk and closes the
 * session. Blocking: it runs on a thread of its own while the follower has nothing else to apply.
 */
public final class DurableFilesFetcher {

    private static final Logger LOG = LoggerFactory.getLogger(DurableFilesFetcher.class);

    private final Path stagingParent;
    private final int chunkBytes;
    private final long requestTimeoutMillis;

    /**
     * @param stagingParent where staging directories are made (beside the log, not in the stores)
     * @param requestTimeoutMillis how long one request may take before the transfer is given up
     */
    public DurableFilesFetcher(Path stagingParent, int chunkBytes, long requestTimeoutMillis) {
        this.stagingParent = stagingParent;
        this.chunkBytes = chunkBytes;
        this.requestTimeoutMillis = requestTimeoutMillis;
    }

    /**
     * Fetches the leader's frozen files.
     *
     * @param leader sends one request to the leader and completes with its reply
     */
    public FrozenFiles fetch(Function<byte[], CompletableFuture<ByteBuffer>> leader) {
        TransferLayout.Manifest manifest = TransferLayout.Manifest.decode(call(leader, TransferLayout.openRequest()));
        Path staging = stagingParent.resolve("install-" + Long.toUnsignedString(manifest.session(), 16));
        try {
            ReceivedFiles.deleteRecursively(staging);
            long bytes = 0;
            for (int i = 0; i < manifest.files().size(); i++) {
                bytes += copy(leader, manifest.session(), i, manifest.files().get(i), staging);
            }
            LOG.info("Received {} store files ({} bytes) up to log entry {} from the leader",
                    manifest.files().size(), bytes, manifest.point());
            return new FrozenFiles(manifest.point(), new ReceivedFiles(staging, manifest.files()));
        } catch (RuntimeException e) {
            ReceivedFiles.deleteRecursively(staging);
            throw e;
        } finally {
            closeQuietly(leader, manifest.session());
        }
    }

    private long copy(Function<byte[], CompletableFuture<ByteBuffer>> leader, long session, int index,
                      DurableFile file, Path staging) {
        Path target = staging.resolve(file.path());
        try {
            Files.createDirectories(target.getParent());
            try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                long offset = 0;
                while (offset < file.length()) {
                    ByteBuffer data = TransferLayout.openChunk(
                            call(leader, TransferLayout.chunkRequest(session, index, offset, chunkBytes)));
                    if (!data.hasRemaining()) {
                        throw new IllegalStateException("the leader sent no bytes of " + file.path() + " at " + offset);
                    }
                    while (data.hasRemaining()) {
                        offset += out.write(data, offset);
                    }
                }
                out.force(true);
                return offset;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("staging " + file.path() + " failed", e);
        }
    }

    private ByteBuffer call(Function<byte[], CompletableFuture<ByteBuffer>> leader, byte[] request) {
        try {
            return leader.apply(request).get(requestTimeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching store files", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the leader refused a store file request: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the leader did not answer a store file request within "
                    + requestTimeoutMillis + " ms", e);
        }
    }

    private void closeQuietly(Function<byte[], CompletableFuture<ByteBuffer>> leader, long session) {
        leader.apply(TransferLayout.closeRequest(session)).whenComplete((reply, failure) -> {
            if (failure != null) {
                LOG.debug("Closing transfer session {} failed; it expires on the leader", session, failure);
            }
        });
    }
}
