package io.hexmq.client;

/**
 * A topic's queues on one broker group, as a route lists them.
 *
 * @param brokerName     the broker group
 * @param readQueueNums  queues consumers read
 * @param writeQueueNums queues producers write
 * @param perm           permission bits: 4 read, 2 write, 1 inherit
 * @param topicSysFlag   unit-mode flags, normally 0
 */
public record BrokerQueues(String brokerName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {

    public boolean writable() {
        return (perm & 2) != 0;
    }

    public boolean readable() {
        return (perm & 4) != 0;
    }
}
