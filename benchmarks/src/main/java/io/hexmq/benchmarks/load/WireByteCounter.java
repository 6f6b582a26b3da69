package io.hexmq.benchmarks.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback relay in front of one server that counts the bytes clients send through it: what a
 * registration costs on the wire, frames and headers included. One thread per direction per
 * connection; for a benchmark's handful of connections only.
 */
final class WireByteCounter implements AutoCloseable {

    private final ServerSocket listener;
    private final String target;
    private final AtomicLong sent = new AtomicLong();

    WireByteCounter(String target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "wire-counter-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String address() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    /** Bytes clients sent since the last call. */
    long takeSentBytes() {
        return sent.getAndSet(0);
    }

    private void accept() {
        try {
            while (!listener.isClosed()) {
                Socket client = listener.accept();
                int colon = target.lastIndexOf(':');
                Socket server = new Socket(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)));
                pump(client, server, sent);
                pump(server, client, new AtomicLong());
            }
        } catch (IOException e) {
            // Closed: the benchmark is done with it.
        }
    }

    private static void pump(Socket from, Socket to, AtomicLong counter) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    // Counted before it is passed on: once the server has answered, its bytes are counted.
                    counter.addAndGet(read);
                    out.write(buffer, 0, read);
                }
            } catch (IOException e) {
                // Either side closed.
            }
        }, "wire-counter-pump");
        pump.setDaemon(true);
        pump.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
