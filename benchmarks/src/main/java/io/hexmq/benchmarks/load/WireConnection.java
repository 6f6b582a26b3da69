package io.hexmq.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * One TCP connection of an emulated client, framed by the official client's own {@link RemotingCommand}
 * encoding and decoding, so what reaches the server is byte for byte what an official client sends. All
 * I/O runs on the {@link WireLoop}'s selector thread: callers hand it requests and get stages back.
 */
final class WireConnection {

    private static final int LENGTH_PREFIX = 4;
    private static final int MAX_FRAME = 16 * 1024 * 1024;

    private final WireLoop loop;
    private final SocketChannel channel;
    private final String address;
    private final CompletableFuture<WireConnection> opened = new CompletableFuture<>();
    private final Map<Integer, CompletableFuture<RemotingCommand>> pending = new ConcurrentHashMap<>();
    /** Touched by the selector thread only, as are {@link #key} and {@link #in}. */
    private final Queue<ByteBuffer> out = new ArrayDeque<>();
    private SelectionKey key;
    private ByteBuffer in = ByteBuffer.allocate(64 * 1024);

    private WireConnection(WireLoop loop, SocketChannel channel, String address) {
        this.loop = loop;
        this.channel = channel;
        this.address = address;
    }

    /** Connects without blocking: the stage completes once the connection is up. */
    static CompletableFuture<WireConnection> open(WireLoop loop, String address) {
        int colon = address.lastIndexOf(':');
        InetSocketAddress remote = new InetSocketAddress(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1)));
        try {
            SocketChannel channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            WireConnection connection = new WireConnection(loop, channel, address);
            loop.execute(() -> connection.connect(remote));
            return connection.opened;
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends a request; the answer completes the stage, or the timeout fails it. */
    CompletableFuture<RemotingCommand> request(RemotingCommand request, long timeoutMillis) {
        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
        pending.put(request.getOpaque(), answer);
        ByteBuffer frame = request.encode();
        loop.execute(() -> write(frame));
        loop.schedule(() -> fail(request.getOpaque(), new TimeoutException("no answer in " + timeoutMillis + " ms")),
                timeoutMillis);
        return answer;
    }

    void oneway(RemotingCommand request) {
        request.markOnewayRPC();
        ByteBuffer frame = request.encode();
        loop.execute(() -> write(frame));
    }

    WireLoop loop() {
        return loop;
    }

    void close() {
        loop.execute(() -> closeWith(new IOException("closed")));
    }

    /** On the selector thread: the channel can connect, read or write. */
    void ready(SelectionKey ready) {
        try {
            if (ready.isConnectable() && channel.finishConnect()) {
                ready.interestOps(SelectionKey.OP_READ);
                opened.complete(this);
            }
            if (ready.isValid() && ready.isReadable()) {
                read();
            }
            if (ready.isValid() && ready.isWritable()) {
                flush();
            }
        } catch (IOException | CancelledKeyException | RemotingCommandException e) {
            closeWith(e);
        }
    }

    private void connect(InetSocketAddress remote) {
        try {
            key = channel.register(loop.selector(), SelectionKey.OP_CONNECT, this);
            if (channel.connect(remote)) {
                key.interestOps(SelectionKey.OP_READ);
                opened.complete(this);
            }
        } catch (IOException e) {
            closeWith(e);
        }
    }

    private void write(ByteBuffer frame) {
        if (!channel.isOpen()) {
            return;
        }
        out.add(frame);
        try {
            flush();
        } catch (IOException e) {
            closeWith(e);
        }
    }

    private void flush() throws IOException {
        while (!out.isEmpty()) {
            ByteBuffer head = out.peek();
            channel.write(head);
            if (head.hasRemaining()) {
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                return;
            }
            out.poll();
        }
        if (key != null && key.isValid()) {
            key.interestOps(SelectionKey.OP_READ);
        }
    }

    private void read() throws IOException, RemotingCommandException {
        if (channel.read(in) < 0) {
            throw new IOException("connection to " + address + " closed by the server");
        }
        in.flip();
        while (in.remaining() >= LENGTH_PREFIX) {
            int length = in.getInt(in.position());
            if (length <= 0 || length > MAX_FRAME) {
                throw new IOException("a frame of " + length + " bytes from " + address);
            }
            if (in.remaining() < LENGTH_PREFIX + length) {
                break;
            }
            ByteBuffer frame = in.slice(in.position() + LENGTH_PREFIX, length);
            in.position(in.position() + LENGTH_PREFIX + length);
            answered(RemotingCommand.decode(frame));
        }
        in.compact();
        if (!in.hasRemaining()) {
            in = ByteBuffer.allocate(in.capacity() * 2).put(in.flip());
        }
    }

    private void answered(RemotingCommand command) {
        // Requests from the server (e.g. NOTIFY_CONSUMER_IDS_CHANGED) are oneway; the emulated client's next
        // rebalance query picks up the change, as a real one would soon after.
        if (command.isResponseType()) {
            CompletableFuture<RemotingCommand> answer = pending.remove(command.getOpaque());
            if (answer != null) {
                answer.complete(command);
            }
        }
    }

    private void fail(int opaque, Throwable cause) {
        CompletableFuture<RemotingCommand> answer = pending.remove(opaque);
        if (answer != null) {
            answer.completeExceptionally(cause);
        }
    }

    private void closeWith(Throwable cause) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing after a failure: the failure is what is reported
        }
        opened.completeExceptionally(cause);
        pending.keySet().forEach(opaque -> fail(opaque, cause));
    }
}
