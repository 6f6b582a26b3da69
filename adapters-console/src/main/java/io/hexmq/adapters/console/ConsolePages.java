package io.hexmq.adapters.console;

import io.hexmq.domain.time.port.Clock;
import java.util.Map;
import java.util.Objects;

/** Every page of the console by its path: what {@link ConsoleServer} serves. */
public final class ConsolePages {

    private final Map<String, Page> byPath;

    public ConsolePages(ConsoleBroker broker, ConsoleUseCases useCases, Clock clock) {
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(useCases, "useCases");
        Objects.requireNonNull(clock, "clock");
        OverviewPage overview = new OverviewPage(broker, useCases);
        TopicPages topics = new TopicPages(broker, useCases);
        GroupPages groups = new GroupPages(broker, useCases);
        MessagePages messages = new MessagePages(broker, useCases, clock);
        byPath = Map.of(
                OverviewPage.PATH, overview::show,
                OverviewPage.RATES_PATH, overview::rates,
                TopicPages.LIST_PATH, topics::list,
                TopicPages.TOPIC_PATH, topics::topic,
                TopicPages.DELETE_PATH, topics::delete,
                GroupPages.LIST_PATH, groups::list,
                GroupPages.GROUP_PATH, groups::group,
                GroupPages.RESET_PATH, groups::reset,
                MessagePages.SEARCH_PATH, messages::search,
                MessagePages.MESSAGE_PATH, messages::message);
    }

    Map<String, Page> byPath() {
        return byPath;
    }
}
