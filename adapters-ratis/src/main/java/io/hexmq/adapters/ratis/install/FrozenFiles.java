package io.hexmq.adapters.ratis.install;

import io.hexmq.domain.replication.port.DurableFiles;
import org.apache.ratis.server.protocol.TermIndex;

/** Store files that hold everything up to the log entry {@code point}. */
public record FrozenFiles(TermIndex point, DurableFiles files) {
}
