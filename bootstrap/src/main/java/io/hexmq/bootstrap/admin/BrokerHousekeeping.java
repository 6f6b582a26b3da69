package io.hexmq.bootstrap.admin;

import io.hexmq.client.Admin;
import io.hexmq.client.HexmqClient;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code hexmq admin broker delete-expired-commitlog|clean-expired-cq|clean-unused-topic}: mqadmin's
 * deleteExpiredCommitLog, cleanExpiredCQ and cleanUnusedTopic, the housekeeping a broker otherwise runs on its
 * own schedule. Each asks one broker, waits until it is done and says so.
 */
abstract class BrokerHousekeeping extends AdminAction {

    @Mixin
    BrokerOption broker;

    /** Asks the broker at {@code address} to do it. */
    abstract void run(Admin admin, String address);

    /** What was done, e.g. {@code Cleaned the unused topics}. */
    abstract String done();

    @Override
    final Report execute(HexmqClient client) {
        run(client.admin(), broker.address);
        return Report.line(done() + " of " + broker.address, Map.of("broker", broker.address, "done", true));
    }

    @Command(name = "delete-expired-commitlog",
            description = "Have a broker delete its commit log files older than fileReservedTime hours now, rather"
                    + " than on its own schedule.")
    static final class DeleteExpiredCommitLog extends BrokerHousekeeping {

        @Override
        void run(Admin admin, String address) {
            admin.deleteExpiredCommitLog(address);
        }

        @Override
        String done() {
            return "Deleted the expired commit log files";
        }
    }

    @Command(name = "clean-expired-cq",
            description = "Have a broker delete now the consume queue and index files that point only into"
                    + " expired commit log files (the same retention pass as delete-expired-commitlog).")
    static final class CleanExpiredConsumeQueue extends BrokerHousekeeping {

        @Override
        void run(Admin admin, String address) {
            admin.cleanExpiredConsumeQueue(address);
        }

        @Override
        String done() {
            return "Cleaned the expired consume queues";
        }
    }

    @Command(name = "clean-unused-topic",
            description = "Have a broker delete the stored queues of topics it no longer has a config for.")
    static final class CleanUnusedTopic extends BrokerHousekeeping {

        @Override
        void run(Admin admin, String address) {
            admin.cleanUnusedTopic(address);
        }

        @Override
        String done() {
            return "Cleaned the unused topics";
        }
    }
}
