package io.hexmq.bootstrap.wiring;

/**
 * The thread pools request handlers run on. A broker keeps sends, pulls and the rest apart so that a flood
 * of one cannot starve the others; a NameServer has one pool.
 */
public enum HandlerPool {
    BROKER_SEND,
    BROKER_PULL,
    BROKER_ADMIN,
    NAMESRV
}
