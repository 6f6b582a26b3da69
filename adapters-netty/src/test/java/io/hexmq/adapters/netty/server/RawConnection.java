package io.hexmq.adapters.netty.server;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A plain socket to the server, for frames no well-behaved client would send. */
final class RawConnection implements AutoCloseable {

    private static final int READ_TIMEOUT_MILLIS = 5_000;

    private final Socket socket;

    RawConnection(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, READ_TIMEOUT_MILLIS);
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
    }

    /** A frame with a JSON header built from {@code headerJson} and no body. */
    static byte[] jsonFrame(String headerJson) {
        byte[] header = headerJson.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(8 + header.length).putInt(4 + header.length).putInt(header.length).put(header)
                .array();
    }

    void write(byte[] bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /** Reads one frame and returns its JSON header. */
    JsonObject readHeader() throws IOException {
        byte[] frame = readFrame();
        int headerLength = ByteBuffer.wrap(frame).getInt() & 0xFF_FFFF;
        return JsonParser.parseString(new String(frame, 4, headerLength, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    /** Reads one frame and returns all of it after the length field: header mark, header, body. */
    byte[] readFrame() throws IOException {
        DataInputStream in = new DataInputStream(socket.getInputStream());
        byte[] frame = new byte[in.readInt()];
        in.readFully(frame);
        return frame;
    }

    /** Whether the server closed the connection, waiting at most the read timeout for it. */
    boolean closedByServer() throws IOException {
        try {
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset: the server closed with our bytes unread
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
