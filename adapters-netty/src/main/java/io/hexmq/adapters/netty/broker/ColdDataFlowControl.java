package io.hexmq.adapters.netty.broker;

/** What the three cold-data flow-control codes answer: hexmq does not have it. */
final class ColdDataFlowControl {

    static final String ABSENT = "hexmq has no cold data flow control: consumers that read cold data are not"
            + " throttled, so there are no thresholds to set, remove or report";

    private ColdDataFlowControl() {
    }
}
