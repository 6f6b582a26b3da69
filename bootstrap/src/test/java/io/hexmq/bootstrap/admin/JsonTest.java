package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.GsonBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    record Row(String name, Integer count, List<String> tags) {
    }

    @Test
    void writesAReportIndented_withNullsAndUnescapedText_asGsonsPrettyPrinterDoes() {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("title", "<a & b>");
        report.put("rows", List.of(new Row("é=1", null, List.of("x", "y")), new Row("z", 2, List.of())));

        String expected = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create()
                .toJson(report) + System.lineSeparator();

        assertThat(Json.write(report)).isEqualTo(expected).contains("\"count\": null").contains("<a & b>");
    }
}
