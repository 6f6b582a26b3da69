package io.hexmq.bootstrap.admin;

import io.hexmq.client.Admin;
import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.BrokerStatus;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.QueueStatus;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.TopicSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin topic ...}: mqadmin's updateTopic, deleteTopic, topicList, topicRoute, topicStatus and queryCq. */
@Command(name = "topic", description = "Create, update, delete, list and inspect topics.",
        subcommands = {TopicCommand.Create.class, TopicCommand.Update.class, TopicCommand.Delete.class,
                TopicCommand.ListTopics.class, TopicCommand.Route.class, TopicCommand.Status.class,
                ConsumeQueueAction.class})
final class TopicCommand {

    private static final int TOPIC_NOT_EXIST = 17;
    private static final int DEFAULT_QUEUES = 8;

    @Mixin
    HelpOption help;

    /** The cluster a topic is written to; may be left out when the NameServer knows only one. */
    static final class ClusterOption {

        @Option(names = {"-c", "--cluster"}, paramLabel = "NAME",
                description = "Cluster whose masters get the change (default: the only cluster there is).")
        String cluster;

        String resolve(Admin admin, CommandLine commandLine) {
            if (cluster != null) {
                return cluster;
            }
            TreeSet<String> clusters = admin.clusters().stream().map(BrokerStatus::cluster)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (clusters.isEmpty()) {
                throw new AdminFailure("no broker is registered with the NameServer");
            }
            if (clusters.size() > 1) {
                throw new CommandLine.ParameterException(commandLine,
                        "the NameServer knows several clusters " + clusters + ": choose one with --cluster");
            }
            return clusters.first();
        }
    }

    /** Queue counts, permission and order of a topic; what is not given stays as it was. */
    static final class Shape {

        @Option(names = {"-q", "--queues"}, paramLabel = "N",
                description = "Read and write queues per broker (create: default " + DEFAULT_QUEUES + ").")
        Integer queues;

        @Option(names = {"-r", "--read-queues"}, paramLabel = "N", description = "Read queues per broker, if not --queues.")
        Integer readQueues;

        @Option(names = {"-w", "--write-queues"}, paramLabel = "N", description = "Write queues per broker, if not --queues.")
        Integer writeQueues;

        @Option(names = {"-p", "--perm"}, paramLabel = "BITS",
                description = "Permission: 6 read+write (create: default), 4 read only, 2 write only.")
        Integer perm;

        @Option(names = "--order", description = "Mark the topic as ordered.")
        boolean order;

        @Option(names = {"-a", "--attribute"}, paramLabel = "+KEY=VALUE",
                description = "A 5.x topic attribute, repeatable: +message.type=FIFO (NORMAL, FIFO, DELAY, "
                        + "TRANSACTION) as the 5.x clients and the proxy read it; -KEY removes one.")
        List<String> attributes = List.of();

        TopicSettings apply(String topic, int currentRead, int currentWrite, int currentPerm) {
            int read = readQueues != null ? readQueues : queues != null ? queues : currentRead;
            int write = writeQueues != null ? writeQueues : queues != null ? queues : currentWrite;
            return new TopicSettings(topic, read, write, perm != null ? perm : currentPerm, order, attributes);
        }
    }

    /** What {@code create} and {@code update} wrote, for {@code --json}. */
    record Written(String cluster, String topic, int readQueueNums, int writeQueueNums, int perm, boolean order,
                   List<String> attributes) {

        static Written of(String cluster, TopicSettings settings) {
            return new Written(cluster, settings.topic(), settings.readQueueNums(), settings.writeQueueNums(),
                    settings.perm(), settings.order(), settings.attributes());
        }

        String describe(String verb) {
            return verb + " topic " + topic + " on cluster " + cluster + ": " + readQueueNums + " read / "
                    + writeQueueNums + " write queues per broker, perm " + Cells.perm(perm) + (order ? ", ordered" : "")
                    + (attributes.isEmpty() ? "" : ", attributes " + String.join(",", attributes));
        }
    }

    /** What {@code delete} removed, for {@code --json}. */
    record Deleted(String cluster, String topic) {
    }

    private TopicCommand() {
    }

    static Optional<TopicRoute> routeIfAny(Admin admin, String topic) {
        try {
            return Optional.of(admin.topicRoute(topic));
        } catch (HexmqClientException e) {
            if (e.responseCode() == TOPIC_NOT_EXIST) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** {@code create} and {@code update}: the same arguments, and the same write and report once checked. */
    abstract static class WriteTopic extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
        String topic;

        @Mixin
        ClusterOption cluster;

        @Mixin
        Shape shape;

        /** Writes {@code settings} to {@code target}'s masters and says so with {@code verb}. */
        static Report write(Admin admin, String target, TopicSettings settings, String verb) {
            admin.createOrUpdateTopic(target, settings);
            Written written = Written.of(target, settings);
            return Report.line(written.describe(verb), written);
        }
    }

    @Command(name = "create",
            description = "Create a topic on every master of a cluster; fails if the topic exists.")
    static final class Create extends WriteTopic {

        @Override
        Report execute(HexmqClient client) {
            Admin admin = client.admin();
            TopicSettings settings = shape.apply(topic, DEFAULT_QUEUES, DEFAULT_QUEUES, TopicSettings.READ_WRITE);
            String target = cluster.resolve(admin, spec.commandLine());
            if (routeIfAny(admin, topic).isPresent()) {
                throw new AdminFailure("topic " + topic + " exists already; change it with 'topic update'");
            }
            return write(admin, target, settings, "Created");
        }
    }

    @Command(name = "update",
            description = "Change an existing topic's queues or permission; what is not given stays.")
    static final class Update extends WriteTopic {

        @Override
        Report execute(HexmqClient client) {
            Admin admin = client.admin();
            String target = cluster.resolve(admin, spec.commandLine());
            List<BrokerQueues> routed = admin.topicRoute(topic).queues();
            if (routed.isEmpty()) {
                throw new AdminFailure("topic " + topic + " has no queues on any broker; create it with 'topic create'");
            }
            BrokerQueues current = routed.get(0);
            TopicSettings settings = shape.apply(topic, current.readQueueNums(), current.writeQueueNums(), current.perm());
            return write(admin, target, settings, "Updated");
        }
    }

    @Command(name = "delete",
            description = "Delete a topic from every master of a cluster and from the NameServers.")
    static final class Delete extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
        String topic;

        @Mixin
        ClusterOption cluster;

        @Override
        Report execute(HexmqClient client) {
            String target = cluster.resolve(client.admin(), spec.commandLine());
            client.admin().deleteTopic(target, topic);
            return Report.line("Deleted topic " + topic + " from cluster " + target, new Deleted(target, topic));
        }
    }

    @Command(name = "list", description = "List every topic the NameServer knows.")
    static final class ListTopics extends AdminAction {

        @Override
        Report execute(HexmqClient client) {
            List<String> topics = new ArrayList<>(new TreeSet<>(client.admin().listTopics()));
            Table table = Table.of("TOPIC");
            topics.forEach(table::row);
            return Report.of(table, topics);
        }
    }

    @Command(name = "route",
            description = "Show which brokers hold a topic's queues, with their addresses and permissions.")
    static final class Route extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
        String topic;

        @Override
        Report execute(HexmqClient client) {
            TopicRoute route = client.admin().topicRoute(topic);
            Map<String, BrokerGroup> brokers = route.brokers().stream()
                    .collect(Collectors.toMap(BrokerGroup::brokerName, Function.identity(), (a, b) -> a));
            Table table = Table.of("BROKER", "CLUSTER", "MASTER", "READ QUEUES", "WRITE QUEUES", "PERM");
            for (BrokerQueues queues : route.queues()) {
                Optional<BrokerGroup> broker = Optional.ofNullable(brokers.get(queues.brokerName()));
                table.row(queues.brokerName(), broker.map(BrokerGroup::cluster).orElse(null),
                        broker.flatMap(BrokerGroup::masterAddress).orElse(null), queues.readQueueNums(),
                        queues.writeQueueNums(), Cells.perm(queues.perm()));
            }
            return Report.of(table, route);
        }
    }

    @Command(name = "status",
            description = "Show the min and max offset of each of a topic's queues.")
    static final class Status extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
        String topic;

        @Override
        Report execute(HexmqClient client) {
            List<QueueStatus> statuses = client.admin().topicStatus(topic);
            Table table = Table.of("BROKER", "QUEUE", "MIN OFFSET", "MAX OFFSET", "MESSAGES", "LAST STORED");
            for (QueueStatus status : statuses) {
                table.row(status.queue().brokerName(), status.queue().queueId(), status.minOffset(), status.maxOffset(),
                        status.maxOffset() - status.minOffset(), Cells.time(status.lastUpdateTimestamp()));
            }
            return Report.of(table, statuses);
        }
    }
}
