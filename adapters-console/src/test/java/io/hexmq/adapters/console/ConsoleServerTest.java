package io.hexmq.adapters.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The console over the real use cases (in-memory ports) and the JDK's HTTP server, as a browser sees it. */
class ConsoleServerTest {

    private final TestBroker broker = new TestBroker();

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private ConsoleServer console;

    @BeforeEach
    void start() {
        console = TestConsole.start(broker, ConsoleAccess.open());
    }

    @AfterEach
    void stop() {
        console.stop();
    }

    @Test
    void overview_namesTheBrokerAndItsFigures() throws Exception {
        HttpResponse<String> page = get("/");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue(Response.HTML);
        assertThat(page.body()).contains("<td>broker-a</td>", "<td>master</td>", "<td>V5_5_0</td>", "putTps",
                "id=\"rates\"");
    }

    @Test
    void rates_areTheStatisticsTenSecondWindow() throws Exception {
        broker.statistics.sample();
        broker.statistics.recordPut("orders", 50, 5_000);
        broker.clock.advanceMillis(10_000);
        broker.statistics.sample();

        HttpResponse<String> rates = get("/api/rates");

        assertThat(rates.headers().firstValue("Content-Type")).hasValue(Response.JSON);
        assertThat(rates.body()).isEqualTo("{\"in\":5.000,\"out\":0.000}");
    }

    @Test
    void aTopicCreatedWithTheForm_isOnTheBrokerAndShownWithItsQueues() throws Exception {
        HttpResponse<String> created = post("/topics", Map.of("name", "orders", "readQueueNums", "4",
                "writeQueueNums", "4", "perm", "6"));

        assertThat(created.statusCode()).isEqualTo(303);
        assertThat(created.headers().firstValue("Location")).hasValue("/topic?name=orders&done=created");
        assertThat(broker.topics.find(new TopicName("orders"))).get()
                .extracting(TopicConfig::readQueueNums, TopicConfig::writeQueueNums).containsExactly(4, 4);
        HttpResponse<String> page = get("/topic?name=orders&done=created");
        assertThat(page.body()).contains("Topic created").contains("<td class=\"num\">3</td>")
                .doesNotContain("<td class=\"num\">4</td><td class=\"num\">0</td>");
        assertThat(get("/topics").body()).contains("<a href=\"/topic?name=orders\">orders</a>");
    }

    @Test
    void aTopicDeletedWithTheForm_isGone() throws Exception {
        createTopic("doomed");

        HttpResponse<String> deleted = post("/topic/delete", Map.of("name", "doomed"));

        assertThat(deleted.statusCode()).isEqualTo(303);
        assertThat(broker.topics.find(new TopicName("doomed"))).isEmpty();
        assertThat(get("/topic?name=doomed").statusCode()).isEqualTo(404);
    }

    @Test
    void anInvalidTopicName_isRefusedWithTheReason_andNothingIsCreated() throws Exception {
        HttpResponse<String> refused = post("/topics", Map.of("name", "bad name!"));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("role=\"alert\"");
        assertThat(broker.topics.find(TopicName.reportedByBroker("bad name!"))).isEmpty();
    }

    @Test
    void aChangeFromAnotherSite_isRefused() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri("/topics"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("name=sneaky")).build();

        HttpResponse<String> refused = http.send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(broker.topics.find(new TopicName("sneaky"))).isEmpty();
    }

    @Test
    void aMessageFoundByKey_isShownWithItsBodyAsTextAndHex_escaped() throws Exception {
        createTopic("orders");
        String offsetId = store("orders", "<b>order 42</b>", "order-42", "7F000001ABCD");

        HttpResponse<String> found = get("/messages?by=key&topic=orders&key=order-42"
                + "&begin=2023-11-14T00:00:00&end=2023-11-15T00:00:00");

        assertThat(found.body()).contains("1 message").contains("7F000001ABCD")
                .contains("href=\"/message?id=" + offsetId + "\"");
        HttpResponse<String> message = get("/message?id=" + offsetId);
        assertThat(message.body())
                .contains("&lt;b&gt;order 42&lt;/b&gt;")
                .doesNotContain("<b>order 42</b>")
                .contains("3c 62 3e 6f 72 64 65 72")
                .contains("<th>KEYS</th><td>order-42</td>");
    }

    @Test
    void aMessageFoundById_byProducerIdOrOffsetId() throws Exception {
        createTopic("orders");
        String offsetId = store("orders", "hello", "k", "7F000001ABCD");

        assertThat(get("/messages?by=id&topic=orders&id=7F000001ABCD").body()).contains("1 message");
        assertThat(get("/messages?by=id&id=" + offsetId).body()).contains("1 message");
        assertThat(get("/messages?by=id&topic=orders&id=00000000").body()).contains("0 messages");
    }

    @Test
    void messagesFoundByTime_onlyThoseStoredInTheRange() throws Exception {
        createTopic("orders");
        store("orders", "early", "a", "AAAA");
        broker.clock.advanceMillis(3_600_000);
        store("orders", "late", "b", "BBBB");

        HttpResponse<String> found = get("/messages?by=time&topic=orders&begin=2023-11-14T22:30:00"
                + "&end=2023-11-15T00:00:00");

        assertThat(found.body()).contains("1 message").contains("BBBB").doesNotContain("AAAA");
    }

    @Test
    void aGroupsPage_showsItsLagPerQueue_andItsResetMovesTheOffsets() throws Exception {
        createTopic("orders");
        for (int i = 0; i < 3; i++) {
            store("orders", "m" + i, "k" + i, "ID" + i);
        }
        GroupName group = new GroupName("billing");
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(group, new TopicName("orders"), 0, 1));

        assertThat(get("/group?name=billing").body()).contains("Total lag <strong id=\"total-lag\">2</strong>");

        HttpResponse<String> reset = post("/group/reset", Map.of("group", "billing", "topic", "orders", "latest", "true"));

        assertThat(reset.statusCode()).isEqualTo(303);
        assertThat(get("/group?name=billing").body()).contains("Total lag <strong id=\"total-lag\">0</strong>");
    }

    @Test
    void anUnknownPath_is404_andAnUnknownGroup_too() throws Exception {
        assertThat(get("/nowhere").statusCode()).isEqualTo(404);
        assertThat(get("/group?name=ghosts").statusCode()).isEqualTo(404);
    }

    @Test
    void messagesFoundByTag_areThoseStoredWithIt() throws Exception {
        createTopic("orders");
        store("orders", "tagged", "k1", "AAAA", "TagA");
        store("orders", "other", "k2", "BBBB", "TagB");

        HttpResponse<String> found = get("/messages?by=key&index=tag&topic=orders&key=TagA"
                + "&begin=2023-11-14T00:00:00&end=2023-11-15T00:00:00");

        assertThat(found.body()).contains("1 message").contains("AAAA").doesNotContain("BBBB");
        assertThat(get("/messages?by=key&index=nonsense&topic=orders&key=TagA").statusCode()).isEqualTo(400);
    }

    @Test
    void aMessagesPage_showsItsTrace_fromTheTraceTopicRecordsKeyedByItsId() throws Exception {
        createTopic("orders");
        String offsetId = store("orders", "traced", "k", "7F000001BEEF");
        String pub = String.join("\u0001", "Pub", "1700000000000", "DefaultRegion", "pg", "orders", "7F000001BEEF",
                "TagA", "k", "10.0.0.1:10911", "6", "4", "0", offsetId, "true") + "\u0002";
        store("RMQ_SYS_TRACE_TOPIC", pub, "7F000001BEEF", "TRACE1");

        HttpResponse<String> page = get("/message?id=" + offsetId);

        assertThat(page.body()).contains("<h2>Trace</h2><table id=\"trace\">")
                .contains("<td>sent</td><td>pg</td>").contains("<td>4 ms</td><td>stored</td>");
    }

    @Test
    void aMessageWithoutTrace_saysSo() throws Exception {
        createTopic("orders");
        String offsetId = store("orders", "untraced", "k", "7F000001CAFE");

        assertThat(get("/message?id=" + offsetId).body()).contains("No trace recorded in RMQ_SYS_TRACE_TOPIC");
    }

    private void createTopic(String name) {
        broker.createOrUpdateTopic.createOrUpdate(new CreateOrUpdateTopic.Command(
                TopicConfig.of(new TopicName(name), 1, 1, Permission.READ_WRITE))).toCompletableFuture().join();
    }

    /** @return the stored message's offset id */
    private String store(String topic, String body, String key, String uniqueKey) {
        return store(topic, body, key, uniqueKey, null);
    }

    private String store(String topic, String body, String key, String uniqueKey, String tag) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (tag != null) {
            properties.put(MessageProperties.TAGS, tag);
        }
        properties.put(MessageProperties.KEYS, key);
        properties.put(MessageProperties.UNIQ_KEY, uniqueKey);
        AppendResult result = broker.messageStore.append(Message.builder(topic, 0, body.getBytes(StandardCharsets.UTF_8))
                .properties(MessageProperties.encode(properties)).bornTimestamp(broker.clock.millis()).build());
        return result.msgId();
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, Map<String, String> form) throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + console.port() + path);
    }
}
