package io.hexmq.domain.consumer;

/** How a consumer fetches; the names are the wire values. */
public enum ConsumeType {
    /** Pull and lite-pull consumers. */
    CONSUME_ACTIVELY,
    /** Push consumers. */
    CONSUME_PASSIVELY,
    /** 5.x POP consumers. */
    CONSUME_POP
}
