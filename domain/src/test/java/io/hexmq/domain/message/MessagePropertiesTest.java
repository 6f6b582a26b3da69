package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessagePropertiesTest {

    @Test
    void encodesPairsWithSeparators_andSkipsNullValues() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("TAGS", "TagA");
        properties.put("KEYS", "k1 k2");
        properties.put("NULL", null);

        assertThat(MessageProperties.encode(properties)).isEqualTo("TAGS\u0001TagA\u0002KEYS\u0001k1 k2\u0002");
    }

    @Test
    void decodesWhatItEncodes_ignoringMalformedEntries() {
        String encoded = "TAGS\u0001TagA\u0002junk\u0002\u0001x\u0002EMPTY\u0001\u0002KEYS\u0001k";

        assertThat(MessageProperties.decode(encoded)).containsExactly(
            Map.entry("TAGS", "TagA"), Map.entry("KEYS", "k"));
    }

    @Test
    void computesTheTagsCodeAsStringHash_withoutAMatchOnPrefixes() {
        String encoded = "XTAGS\u0001nope\u0002TAGS\u0001TagA\u0002";

        assertThat(MessageProperties.tagsCode(encoded)).isEqualTo(2598919L).isEqualTo(TagCode.of("TagA"));
        assertThat(MessageProperties.tagsCode("KEYS\u0001k\u0002")).isZero();
        assertThat(MessageProperties.tagsCode("")).isZero();
        assertThat(TagCode.of("TagB")).isEqualTo(2598920L);
    }

    @Test
    void getsOneValue() {
        assertThat(MessageProperties.get("A\u00011\u0002TAGS\u0001x y\u0002", "TAGS")).isEqualTo("x y");
        assertThat(MessageProperties.get("A\u00011\u0002", "TAGS")).isNull();
    }
}
