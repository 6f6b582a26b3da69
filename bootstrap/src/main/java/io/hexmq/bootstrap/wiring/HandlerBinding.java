package io.hexmq.bootstrap.wiring;

import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;

/**
 * One RocketMQ request code, the handler that serves it and the threads it runs on, declared together
 * where the handler is bound, so a node's dispatcher needs no second table to decide where a code runs.
 */
public record HandlerBinding(int code, RequestHandler handler, HandlerPool pool) {

    public HandlerBinding {
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(pool, "pool");
    }

    /** Sends and their kin (send-back, replies) on the broker's send threads. */
    public static HandlerBinding onSendThreads(int code, RequestHandler handler) {
        return new HandlerBinding(code, handler, HandlerPool.BROKER_SEND);
    }

    /** Pulls on the broker's pull threads, which also re-run parked long-polling pulls. */
    public static HandlerBinding onPullThreads(int code, RequestHandler handler) {
        return new HandlerBinding(code, handler, HandlerPool.BROKER_PULL);
    }

    /** Everything else a broker serves: heartbeats, offsets, locks, admin and queries. */
    public static HandlerBinding onAdminThreads(int code, RequestHandler handler) {
        return new HandlerBinding(code, handler, HandlerPool.BROKER_ADMIN);
    }

    /** A NameServer serves every code on its one pool. */
    public static HandlerBinding onNameServerThreads(int code, RequestHandler handler) {
        return new HandlerBinding(code, handler, HandlerPool.NAMESRV);
    }

    /**
     * The executor of this binding's pool among those a node has.
     *
     * @throws IllegalStateException when the node has no such pool (a NameServer handler bound into a
     *     broker, say): a wiring mistake, reported at start
     */
    ExecutorService executorIn(Map<HandlerPool, ExecutorService> pools) {
        ExecutorService executor = pools.get(pool);
        if (executor == null) {
            throw new IllegalStateException("request code " + code + " is bound to the " + pool
                    + " threads, which this node does not have (it has " + pools.keySet() + ")");
        }
        return executor;
    }
}
