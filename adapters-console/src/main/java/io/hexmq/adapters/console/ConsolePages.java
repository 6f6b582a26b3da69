package io.hexmq.adapters.console;

import io.hexmq.domain.time.port.Clock;
import java.util.HashMap;
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
        ClusterPage cluster = new ClusterPage(broker, useCases);
        TopicPages topics = new TopicPages(broker, useCases);
        GroupPages groups = new GroupPages(broker, useCases);
        MessagePages messages = new MessagePages(broker, useCases, clock);
        Map<String, Page> pages = new HashMap<>();
        pages.put(OverviewPage.PATH, overview::show);
        pages.put(OverviewPage.RATES_PATH, overview::rates);
        pages.put(ClusterPage.PATH, cluster::show);
        pages.put(TopicPages.LIST_PATH, topics::list);
        pages.put(TopicPages.TOPIC_PATH, topics::topic);
        pages.put(TopicPages.DELETE_PATH, topics::delete);
        pages.put(GroupPages.LIST_PATH, groups::list);
        pages.put(GroupPages.GROUP_PATH, groups::group);
        pages.put(GroupPages.RESET_PATH, groups::reset);
        pages.put(MessagePages.SEARCH_PATH, messages::search);
        pages.put(MessagePages.MESSAGE_PATH, messages::message);
        byPath = Map.copyOf(pages);
    }

    Map<String, Page> byPath() {
        return byPath;
    }
}
