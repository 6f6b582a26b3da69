package io.hexmq.domain.consumer;

/** Whether a group shares its topics' messages out (clustering) or each member gets all of them. */
public enum MessageModel {
    BROADCASTING,
    CLUSTERING
}
