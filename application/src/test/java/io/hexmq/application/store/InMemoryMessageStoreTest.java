package io.hexmq.application.store;

import io.hexmq.application.fakes.InMemoryMessageStore;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;

/** Keeps the fake honest: it passes the same contract as the real stores. */
class InMemoryMessageStoreTest extends MessageStoreContract {

    private InMemoryMessageStore instance;

    @Override
    protected MessageStore openStore(Clock clock) {
        if (instance == null) {
            instance = new InMemoryMessageStore(STORE_HOST, clock);
        }
        instance.start();
        return instance;
    }

    @Override
    protected MessageStore openIndependentStore(Clock clock) {
        InMemoryMessageStore independent = new InMemoryMessageStore(STORE_HOST, clock);
        independent.start();
        return independent;
    }

    @Override
    protected void crashTearingLastRecord(MessageStore store, AppendResult last) {
        instance.shutdown();
        instance.dropLastRecord();
    }

    @Override
    protected boolean keepsDataOnDisk() {
        return false;
    }
}
