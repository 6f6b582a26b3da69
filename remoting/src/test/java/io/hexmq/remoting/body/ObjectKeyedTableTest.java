package io.hexmq.remoting.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonElement;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectKeyedTableTest {

    @Test
    void readsTablesKeyedByMessageQueueObjects() {
        byte[] body = bytes("{\"offsetTable\":{{\"brokerName\":\"b{1}\",\"queueId\":0,\"topic\":\"T\"}:"
                + "{\"lastUpdateTimestamp\":9,\"maxOffset\":5,\"minOffset\":0},{\"brokerName\":\"b\",\"queueId\":1,"
                + "\"topic\":\"T\"}:{\"maxOffset\":7}},\"topicPutTps\":0.0}");

        List<Map.Entry<JsonElement, JsonElement>> entries = ObjectKeyedTable.read(body, "offsetTable");

        assertThat(entries).hasSize(2);
        assertThat(ConsumerJson.readQueue(entries.get(0).getKey())).isEqualTo(new ConsumerJson.Queue("T", "b{1}", 0));
        assertThat(entries.get(1).getValue().getAsJsonObject().get("maxOffset").getAsLong()).isEqualTo(7);
    }

    @Test
    void findsTableAfterOtherFieldsAndReadsEmptyOnes() {
        assertThat(ObjectKeyedTable.read(bytes("{\"consumeTps\":1.5,\"offsetTable\":{}}"), "offsetTable")).isEmpty();
        assertThat(ObjectKeyedTable.read(bytes("{\"consumeTps\":1.5}"), "offsetTable")).isEmpty();
    }

    @Test
    void cutsAnObjectAndAnArrayIntoTheRawTextsOfTheirValues_soNestedTablesReadOnTheirOwn() {
        String list = "{\"brokerAddr\":\"a:1\",\"consumeStatsList\":[{\"CG\":[{\"consumeTps\":0.5,"
                + "\"offsetTable\":{{\"brokerName\":\"b\",\"queueId\":0,\"topic\":\"T\"}:{\"brokerOffset\":4}}}]}],"
                + "\"totalDiff\":3}";

        Map<String, String> fields = ObjectKeyedTable.rawFields(list);

        assertThat(fields.keySet()).containsExactly("brokerAddr", "consumeStatsList", "totalDiff");
        assertThat(fields.get("brokerAddr")).isEqualTo("\"a:1\"");
        List<String> groups = ObjectKeyedTable.rawElements(fields.get("consumeStatsList"));
        assertThat(groups).hasSize(1);
        String stats = ObjectKeyedTable.rawElements(ObjectKeyedTable.rawFields(groups.get(0)).get("CG")).get(0);
        assertThat(ObjectKeyedTable.rawFields(stats).get("consumeTps")).isEqualTo("0.5");
        assertThat(ObjectKeyedTable.read(bytes(stats), "offsetTable").get(0).getValue().getAsJsonObject()
                .get("brokerOffset").getAsLong()).isEqualTo(4);
        assertThatThrownBy(() -> ObjectKeyedTable.rawElements("{}")).isInstanceOf(InvalidBodyException.class);
    }

    @Test
    void readsBackWhatItWrites() {
        Map<ConsumerJson.Queue, Long> table = new LinkedHashMap<>();
        table.put(new ConsumerJson.Queue("T", "b", 1), 7L);
        table.put(new ConsumerJson.Queue("T", "b", 0), 0L);

        byte[] body = ConsumerJson.offsetTable(table, String::valueOf);

        assertThat(new String(body, StandardCharsets.UTF_8)).isEqualTo("{\"offsetTable\":{{\"brokerName\":\"b\","
                + "\"queueId\":1,\"topic\":\"T\"}:7,{\"brokerName\":\"b\",\"queueId\":0,\"topic\":\"T\"}:0}}");
        assertThat(ConsumerJson.readResetOffsets(body)).containsExactlyEntriesOf(table);
    }

    @Test
    void refusesATableThatDoesNotParse() {
        assertThatThrownBy(() -> ObjectKeyedTable.read(bytes("{\"offsetTable\":{{\"brokerName\":"), "offsetTable"))
                .isInstanceOf(InvalidBodyException.class)
                .hasMessageContaining("offsetTable");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
