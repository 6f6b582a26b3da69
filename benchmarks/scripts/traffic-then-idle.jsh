// Delayed, timer, transactional (resolved by check-back) and retried traffic through the official client,
// then every client shuts down: what the idle-broker measurement in BENCHMARKS.md runs first.
// Run: jshell --class-path benchmarks/target/benchmarks.jar -R-Dns=127.0.0.1:49876 benchmarks/scripts/traffic-then-idle.jsh
import org.apache.rocketmq.client.producer.*;
import org.apache.rocketmq.client.consumer.*;
import org.apache.rocketmq.client.consumer.listener.*;
import org.apache.rocketmq.common.message.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

String ns = System.getProperty("ns", "127.0.0.1:49876");
DefaultMQProducer producer = new DefaultMQProducer("idle-pg");
producer.setNamesrvAddr(ns);
producer.start();
for (int i = 0; i < 20; i++) {
    Message delayed = new Message("IdleTopic", "D", ("delayed-" + i).getBytes());
    delayed.setDelayTimeLevel(1);
    producer.send(delayed);
    Message timer = new Message("IdleTopic", "T", ("timer-" + i).getBytes());
    timer.setDeliverTimeMs(System.currentTimeMillis() + 2_000 + i * 100);
    producer.send(timer);
}
TransactionMQProducer tx = new TransactionMQProducer("idle-tx");
tx.setNamesrvAddr(ns);
tx.setTransactionListener(new TransactionListener() {
    public LocalTransactionState executeLocalTransaction(Message m, Object arg) { return LocalTransactionState.UNKNOW; }
    public LocalTransactionState checkLocalTransaction(MessageExt m) { return LocalTransactionState.COMMIT_MESSAGE; }
});
tx.start();
for (int i = 0; i < 20; i++) {
    tx.sendMessageInTransaction(new Message("IdleTopic", "X", ("tx-" + i).getBytes()), null);
}
AtomicInteger consumed = new AtomicInteger();
Set<String> failedOnce = ConcurrentHashMap.newKeySet();
DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("idle-cg");
consumer.setNamesrvAddr(ns);
consumer.subscribe("IdleTopic", "*");
consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
    for (MessageExt m : msgs) {
        if (failedOnce.add(new String(m.getBody()))) {
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;   // every message is retried once
        }
    }
    consumed.addAndGet(msgs.size());
    return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
});
consumer.start();
long deadline = System.currentTimeMillis() + 120_000;
while (consumed.get() < 60 && System.currentTimeMillis() < deadline) { Thread.sleep(200); }
System.out.println("consumed after one retry each: " + consumed.get() + " of 60");
consumer.shutdown();
tx.shutdown();
producer.shutdown();
/exit
