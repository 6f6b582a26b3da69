package io.hexmq.bootstrap.security;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * Official 5.x clients that sign every request as one user does with {@code AclClientRPCHook} (or not at
 * all), each with an instance name of its own and quick route polls; {@link #close()} stops them all.
 */
final class SignedClients implements AutoCloseable {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final String nameServer;
    private final RPCHook hook;
    private final List<Runnable> shutdowns = new ArrayList<>();

    private SignedClients(String nameServer, RPCHook hook) {
        this.nameServer = nameServer;
        this.hook = hook;
    }

    static SignedClients as(String nameServer, String accessKey, String secretKey) {
        return new SignedClients(nameServer, new AclClientRPCHook(new SessionCredentials(accessKey, secretKey)));
    }

    static SignedClients unsigned(String nameServer) {
        return new SignedClients(nameServer, null);
    }

    private <T extends ClientConfig> T configure(T client) {
        client.setNamesrvAddr(nameServer);
        client.setInstanceName("acl-it-" + INSTANCES.incrementAndGet() + "-" + System.nanoTime());
        client.setPollNameServerInterval(1_000);
        client.setHeartbeatBrokerInterval(1_000);
        return client;
    }

    DefaultMQProducer producer(String group) throws Exception {
        DefaultMQProducer producer = configure(new DefaultMQProducer(group, hook));
        producer.setSendMsgTimeout(5_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        shutdowns.add(producer::shutdown);
        return producer;
    }

    /** Not started: the test subscribes and registers its listener first. */
    DefaultMQPushConsumer pushConsumer(String group) {
        DefaultMQPushConsumer consumer = configure(new DefaultMQPushConsumer(group, hook,
                new AllocateMessageQueueAveragely()));
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    @SuppressWarnings("deprecation")
    DefaultMQPullConsumer pullConsumer(String group) throws Exception {
        DefaultMQPullConsumer consumer = configure(new DefaultMQPullConsumer(group, hook));
        consumer.start();
        shutdowns.add(consumer::shutdown);
        return consumer;
    }

    DefaultMQAdminExt admin() throws Exception {
        DefaultMQAdminExt admin = hook == null ? new DefaultMQAdminExt(5_000) : new DefaultMQAdminExt(hook, 5_000);
        configure(admin);
        admin.start();
        shutdowns.add(admin::shutdown);
        return admin;
    }

    @Override
    public void close() {
        for (int i = shutdowns.size() - 1; i >= 0; i--) {
            try {
                shutdowns.get(i).run();
            } catch (RuntimeException ignored) {
                // a client that never started has nothing to stop
            }
        }
    }
}
