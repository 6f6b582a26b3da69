package io.hexmq.application.fakes;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.transaction.TransactionCheck;
import io.hexmq.domain.transaction.port.TransactionChecker;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link TransactionChecker} that remembers the checks; a group is "connected" unless a test says otherwise. */
public final class RecordingTransactionChecker implements TransactionChecker {

    /** One check as it was handed over. */
    public record Sent(GroupName group, TransactionCheck check) {
    }

    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private volatile boolean connected = true;

    @Override
    public boolean check(GroupName producerGroup, TransactionCheck check) {
        if (!connected) {
            return false;
        }
        sent.add(new Sent(producerGroup, check));
        return true;
    }

    public List<Sent> sent() {
        return List.copyOf(sent);
    }

    public void disconnect() {
        connected = false;
    }
}
