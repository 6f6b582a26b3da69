package io.hexmq.client;

/**
 * A broker's master-slave replication as it reports it ({@link Admin#haStatus}, {@code mqadmin haStatus}).
 *
 * @param master                   whether it answered as a master
 * @param masterCommitLogMaxOffset where its commit log ends
 * @param inSyncSlaves             how many slaves keep up with it
 */
public record HaStatus(boolean master, long masterCommitLogMaxOffset, int inSyncSlaves) {
}
