package io.hexmq.domain.replication;

import java.util.Objects;

/**
 * One file of a replica's stores as a follower receives it when it must start from the leader's files
 * instead of the log: the first {@code length} bytes of the file at {@code path}, a relative path with
 * {@code /} separators under the root the files are listed against.
 */
public record DurableFile(String path, long length) {

    public DurableFile {
        Objects.requireNonNull(path, "path");
        if (path.isEmpty() || path.startsWith("/") || path.contains("\\")) {
            throw new IllegalArgumentException("a durable file's path must be relative with / separators: " + path);
        }
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new IllegalArgumentException("a durable file's path must stay below its root: " + path);
            }
        }
        if (length < 0) {
            throw new IllegalArgumentException("a durable file's length must not be negative: " + length);
        }
    }
}
