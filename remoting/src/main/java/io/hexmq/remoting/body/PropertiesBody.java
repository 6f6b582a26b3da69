package io.hexmq.remoting.body;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Settings as Java properties text, the body of GET/UPDATE_BROKER_CONFIG and GET/UPDATE_NAMESRV_CONFIG:
 * RocketMQ reads it with {@link Properties#load(java.io.Reader)}, so values are written with that
 * format's escapes and read back exactly.
 */
public final class PropertiesBody {

    private PropertiesBody() {
    }

    /** @throws InvalidBodyException when the body is not properties text */
    public static SortedMap<String, String> parse(byte[] body) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(new String(body == null ? new byte[0] : body, StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidBodyException("not Java properties text: " + e.getMessage(), e);
        }
        SortedMap<String, String> settings = new TreeMap<>();
        properties.stringPropertyNames().forEach(key -> settings.put(key, properties.getProperty(key)));
        return settings;
    }

    public static byte[] encode(Map<String, String> settings) {
        Properties properties = new Properties();
        properties.putAll(settings);
        StringWriter text = new StringWriter();
        try {
            properties.store(text, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder body = new StringBuilder();
        // store() opens with a date comment, which would make equal settings differ.
        text.toString().lines().filter(line -> !line.startsWith("#")).forEach(line -> body.append(line).append('\n'));
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }
}
