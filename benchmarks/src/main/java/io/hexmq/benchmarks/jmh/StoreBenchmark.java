package io.hexmq.benchmarks.jmh;

import org.openjdk.jmh.annotations.Fork;

/**
 * A benchmark over a message store, in one forked JVM started with the flags Chronicle Queue needs on
 * Java 17 (shared/docs/deps.md; the build's {@code chronicle.jvm.flags}). JMH reads class annotations
 * through the superclass, so a subclass that declares no {@link Fork} of its own runs with this one.
 */
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
    "-Dchronicle.analytics.disable=true",
    "-Dchronicle.announcer.disable=true"})
abstract class StoreBenchmark {
}
