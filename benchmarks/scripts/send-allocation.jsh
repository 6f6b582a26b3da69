// The heap one send allocates on the thread that handles it, through SendMessageBenchmark's handler, use
// case and store: unlike JMH's -prof gc, which counts every thread of the JVM (the store's flush thread,
// JMH's own), so that a loaded machine (fewer sends in the same time) inflates its B/op.
// Run (the Chronicle flags of deps.md; -R-Dkinds=chronicle or file,chronicle for the other store;
// -R-Dmetrics=on to record message sizes as a broker with metrics on does):
//   jshell --class-path benchmarks/target/benchmarks.jar -R-Dkinds=file \
//       -R--add-opens=java.base/java.lang.reflect=ALL-UNNAMED -R--add-exports=java.base/sun.nio.ch=ALL-UNNAMED \
//       -R--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED -R--add-opens=java.base/java.lang=ALL-UNNAMED \
//       -R--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED -R-Dchronicle.analytics.disable=true \
//       -R-Dchronicle.announcer.disable=true benchmarks/scripts/send-allocation.jsh
import java.lang.management.ManagementFactory;

var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
long self = Thread.currentThread().getId();
for (String kind : System.getProperty("kinds", "file").split(",")) {
    var bench = new io.hexmq.benchmarks.jmh.SendMessageBenchmark();
    var store = bench.getClass().getDeclaredField("store");
    store.setAccessible(true);
    store.set(bench, kind);
    var metrics = bench.getClass().getDeclaredField("metrics");   // -Dmetrics=on: message sizes recorded
    metrics.setAccessible(true);
    metrics.set(bench, System.getProperty("metrics", "off"));
    bench.setUp();
    for (int i = 0; i < 300_000; i++) {
        bench.send();           // until the JIT is done with the path
    }
    for (int round = 1; round <= 3; round++) {
        int sends = 100_000;
        long before = threads.getThreadAllocatedBytes(self);
        for (int i = 0; i < sends; i++) {
            bench.send();
        }
        long allocated = threads.getThreadAllocatedBytes(self) - before;
        System.out.printf("%s, round %d: %.1f B per send on the handling thread%n", kind, round,
            allocated / (double) sends);
    }
    bench.tearDown();
}
/exit
