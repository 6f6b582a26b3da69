package io.hexmq.adapters.ratis.install;

import io.hexmq.domain.replication.DurableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's side of a follower's catch-up: each OPEN freezes the stores' files (through the broker)
 * into a session, CHUNK reads them, CLOSE releases them. A session the follower stopped using is
 * released after an idle time, so a follower that died mid-transfer pins nothing for long.
 */
public final class DurableFilesServer {

    private static final Logger LOG = LoggerFactory.getLogger(DurableFilesServer.class);

    private final Map<Long, Session> sessions = new ConcurrentHashMap<>();
    private final LongSupplier nanoTime;
    private final long idleExpiryNanos;
    private final int maxChunkBytes;

    /** @param nanoTime the clock idle sessions are measured with */
    public DurableFilesServer(LongSupplier nanoTime, long idleExpiryNanos, int maxChunkBytes) {
        this.nanoTime = nanoTime;
        this.idleExpiryNanos = idleExpiryNanos;
        this.maxChunkBytes = maxChunkBytes;
    }

    /**
     * Answers one request of {@link TransferLayout}.
     *
     * @param freeze makes the stores durable and freezes their files, on the thread that applies entries
     */
    public CompletableFuture<ByteBuffer> serve(ByteBuffer encoded, Supplier<CompletableFuture<FrozenFiles>> freeze) {
        TransferLayout.Request request;
        try {
            request = TransferLayout.Request.decode(encoded);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return switch (request.kind()) {
            case TransferLayout.OPEN -> freeze.get().thenApply(this::open);
            case TransferLayout.CHUNK -> {
                try {
                    yield CompletableFuture.completedFuture(chunk(request));
                } catch (RuntimeException e) {
                    yield CompletableFuture.failedFuture(e);
                }
            }
            default -> {
                release(request.session());
                yield CompletableFuture.completedFuture(ByteBuffer.allocate(0));
            }
        };
    }

    /** Releases the sessions no follower used for the idle time. */
    public void expireIdle() {
        long now = nanoTime.getAsLong();
        sessions.forEach((id, session) -> {
            if (now - session.lastUsed > idleExpiryNanos) {
                LOG.info("Releasing the store files of transfer session {}: the follower went quiet", id);
                release(id);
            }
        });
    }

    /** Releases every session. */
    public void close() {
        sessions.keySet().forEach(this::release);
    }

    /** How many followers are fetching files now (sessions not yet released or expired). */
    public int openSessions() {
        return sessions.size();
    }

    private ByteBuffer open(FrozenFiles frozen) {
        long id = ThreadLocalRandom.current().nextLong();
        Session session = new Session(frozen, nanoTime.getAsLong());
        sessions.put(id, session);
        List<DurableFile> files = frozen.files().files();
        LOG.info("Shipping {} store files up to log entry {} to a follower (session {})",
                files.size(), frozen.point(), id);
        return ByteBuffer.wrap(new TransferLayout.Manifest(id, frozen.point(), files).encode());
    }

    private ByteBuffer chunk(TransferLayout.Request request) {
        Session session = sessions.get(request.session());
        if (session == null) {
            throw new IllegalStateException("no transfer session " + request.session() + " (expired or released)");
        }
        try {
            return session.read(request.file(), request.offset(), Math.min(request.maxBytes(), maxChunkBytes),
                    nanoTime.getAsLong());
        } catch (IOException e) {
            throw new IllegalStateException("reading store files for session " + request.session() + " failed: "
                    + e.getMessage(), e);
        }
    }

    private void release(long id) {
        Session session = sessions.remove(id);
        if (session != null) {
            session.close();
        }
    }

    /** One follower's pinned files; a follower reads them one chunk after the other. */
    private static final class Session {

        private final FrozenFiles frozen;
        private volatile long lastUsed;
        private int openFile = -1;
        private FileChannel channel;

        Session(FrozenFiles frozen, long now) {
            this.frozen = frozen;
            this.lastUsed = now;
        }

        synchronized ByteBuffer read(int file, long offset, int maxBytes, long now) throws IOException {
            lastUsed = now;
            List<DurableFile> files = frozen.files().files();
            if (file < 0 || file >= files.size()) {
                throw new IllegalArgumentException("no file " + file + " among " + files.size());
            }
            DurableFile listed = files.get(file);
            int length = (int) Math.max(0, Math.min(maxBytes, listed.length() - offset));
            ByteBuffer reply = ByteBuffer.allocate(TransferLayout.CRC_BYTES + length);
            reply.position(TransferLayout.CRC_BYTES);
            FileChannel source = channelFor(file, listed);
            while (reply.hasRemaining()) {
                int read = source.read(reply, offset + reply.position() - TransferLayout.CRC_BYTES);
                if (read < 0) {
                    throw new IOException(listed.path() + " is shorter than its listed " + listed.length() + " bytes");
                }
            }
            return TransferLayout.sealChunk(reply, length);
        }

        private FileChannel channelFor(int file, DurableFile listed) throws IOException {
            if (openFile != file) {
                closeChannel();
                channel = FileChannel.open(frozen.files().root().resolve(listed.path()), StandardOpenOption.READ);
                openFile = file;
            }
            return channel;
        }

        synchronized void close() {
            closeChannel();
            try {
                frozen.files().close();
            } catch (RuntimeException e) {
                LOG.warn("Releasing frozen store files failed", e);
            }
        }

        private void closeChannel() {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    LOG.debug("Closing a shipped store file failed", e);
                }
                channel = null;
                openFile = -1;
            }
        }
    }
}
