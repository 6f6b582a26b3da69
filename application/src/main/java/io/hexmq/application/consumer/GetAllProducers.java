package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.ProducerGroups;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/** An admin lists every producer connected to this broker, by group (GET_ALL_PRODUCER_INFO, {@code mqadmin producer}). */
public final class GetAllProducers {

    private final ProducerGroups producers;

    public GetAllProducers(ProducerGroups producers) {
        this.producers = Objects.requireNonNull(producers, "producers");
    }

    public SortedMap<GroupName, List<ClientConnection>> get() {
        return producers.all();
    }
}
